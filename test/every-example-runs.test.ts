/**
 * Every example a user can copy works as written (issue #27 item 15): each `  $ dgw ...` line of
 * every visible command's `--help`, and each line of every ```sh block of README.md and of the
 * guides in docs/ that MARKDOWN lists (not docs/commands/, made from the help), is run with bash on
 * the local gateway.
 *
 * The rule for order and data: examples run in the order a reader meets them, from a fresh data
 * folder, one unit at a time:
 *   - all the `--help` examples are one unit, in the order `dgw --help` and each group's help list
 *     the commands (auth, profile, config, query, mtquery, folder, ...), each command's examples
 *     top to bottom. The help pages tell of one project: an example may use what an earlier one
 *     made (`query get revenuereport` after `query create "Revenue Report"`, `mtquery refresh
 *     dailyrevenue` after `mtquery create "Daily revenue"`), and one that deletes or switches the
 *     profile must leave what later ones use.
 *   - each Markdown file is a unit: its sh blocks top to bottom, a line at a time (a line ending
 *     in `\` or `|` goes on to the next; comment-only lines are skipped).
 * A unit starts with a fresh data folder (the demo project is seeded on first use: the tables
 * orders and customers, no queries), config folder, HOME and working folder holding FIXTURES.
 *
 * Each example runs as `bash -e -o pipefail -c EXAMPLE` with stdin from /dev/null, no terminal,
 * DGW_ZONE=local and DGW_PAGER='', and `dgw` on PATH running `main` in this process with the
 * shell's arguments, environment, folder and stdin (test/support/dgw-shim.ts: the built binary's
 * start-up is the smoke tests' subject, not the examples'); one that is a single `dgw` command
 * runs in this process directly, its words split by bash (runExample).
 * Examples that need the hosted service, a terminal or an editor, or that never end, are in
 * EXEMPT with the reason; an exemption naming no example fails the test, so the list stays true.
 */
import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import fs from 'node:fs';
import os from 'node:os';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture, runInProcess } from './support/in-process.js';
import { buildProgram } from '../src/program.js';
import { startDgwShim } from './support/dgw-shim.js';
import { shellQuote } from './support/dgw.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Files the examples name that a user brings along (their SQL, their CSV), written into each
 * unit's working folder before its first example. Examples use the seeded data wherever they
 * can; these exist only because the example is about reading a file. key.txt is made apart (see
 * runUnit, by `dgw key create`): a key of the demo project, as a user has one from the web app.
 */
const ORDERS_HEADER = 'order_id,customer_id,order_date,amount,status';
const FIXTURES: Record<string, string | Buffer> = {
  'revenue.sql': 'SELECT customer_id, sum(amount) AS revenue FROM svc.table.orders GROUP BY 1\n',
  'q.sql': 'SELECT count(*) AS n FROM svc.table.orders\n',
  'report.sql': 'SELECT status, count(*) AS n FROM svc.table.orders GROUP BY 1\n',
  'checks.sql': 'SELECT count(*) AS orders FROM svc.table.orders;\nSELECT count(*) AS customers FROM svc.table.customers;\n',
  'body.json': '{"name": "Renamed", "inputQuery": "SELECT 1"}\n',
  'hook-token.txt': 'example-hook-token\n',
  'orders.csv': `${ORDERS_HEADER}\n1001,3,2025-03-01,19.90,paid\n`,
  'visits.csv': 'visitor,page,at\n7,/pricing,2025-03-01 10:00:00\n',
  'signups.csv': 'email,plan\nada@example.com,pro\n',
  'export.csv': 'OrderId,Customer,Total (EUR)\n1002,4,25.00\n',
  'rows.csv': '1003,5,2025-03-02,7.50,shipped\n',
  'data.tsv': `${ORDERS_HEADER.replaceAll(',', '\t')}\n1004\t6\t2025-03-03\t12.00\tpaid\n`,
  'big.csv.gz': zlib.gzipSync(`${ORDERS_HEADER}\n1005,7,2025-03-04,99.00,refunded\n`),
};

/**
 * Files for one unit alone: a repository's ./queries (docs/queries-as-code.md rehearses applying
 * it, with the guide's own file) would be pulled over or pruned by the other units' examples.
 */
const UNIT_FIXTURES: Record<string, Record<string, string>> = {
  'docs/queries-as-code.md': {
    'queries/reports/dailyrevenue.sql': '-- ---\n-- displayName: Daily revenue\n-- materialized: true\n-- every: 6h\n-- ---\nSELECT order_date, sum(amount) AS revenue\nFROM svc.table.orders\nGROUP BY 1\n',
  },
};

/**
 * Examples that cannot run here, each with the reason. Keys are an example exactly as written
 * (for a Markdown line continued with `\`, its first line).
 */
const EXEMPT: Record<string, string> = {
  // A terminal or an editor: the test has neither (without one these commands say so and exit 2).
  'dgw auth login                                   # asks for the key (hidden)': 'asks for the key on a terminal',
  'dgw profile rm work': 'asks on a terminal first (the --yes example after it runs)',
  'dgw query edit revenuereport': 'opens an editor on a terminal',
  'EDITOR="code --wait" dgw query edit revenuereport': 'opens an editor on a terminal',
  'VISUAL=nano dgw query edit 709922802836177297': 'opens an editor on a terminal',
  'dgw query edit revenuereport                     # the SQL in $VISUAL / $EDITOR; saved back when it changed': 'opens an editor on a terminal',
  'dgw query rm nightlycopy': 'asks on a terminal first (the --yes example after it runs)',
  'dgw folder rm /archive': 'asks on a terminal first (the --yes example after it runs)',
  'dgw table drop-column orders discount': 'asks on a terminal first (the --yes example after it runs)',
  'dgw table rm staging': 'asks on a terminal first (the --yes example after it runs)',
  'dgw bitable drop-column sales_summary total': 'asks on a terminal first (the --yes example after it runs)',
  'dgw bitable rm sales_summary': 'asks on a terminal first (the --yes example after it runs)',
  'dgw table drop-column events ok                 # asks you to type the column name back': 'asks on a terminal first (the --yes example after it runs)',
  'dgw table rm staging                             # the table and its rows; names the saved queries that read it, asks you to type its name back': 'asks on a terminal first',
  'dgw sql                                                       # on a terminal: the SQL shell': 'the SQL shell on a terminal',
  'dgw key rm ci-pipeline': 'asks on a terminal first',
  'dgw key rm ci-pipeline                           # by name or id; asks first': 'asks on a terminal first',
  'dgw --zone local sql                     # the SQL shell: statements end with ;, .exit leaves': 'the SQL shell on a terminal',
  'dgw completion zsh > "${fpath[1]}/_dgw"': 'zsh syntax: $fpath is zsh\'s',
  'dgw query get <Tab>              # revenuereport  dailytotals ...': 'Tab pressed at a terminal',
  'dgw folder mv daily /<Tab>       # /archive  /reports  /reports/monthly': 'Tab pressed at a terminal',
  'dgw table drop-column orders <Tab>   # amount  customer_id  order_date ...': 'Tab pressed at a terminal',
  // The hosted service (or another gateway): a real key for a real zone or URL.
  'dgw --profile eu-work auth login --zone eu --with-token < key.txt': 'hosted: zone eu',
  'echo "$PARTNER_KEY" | dgw auth login --key-type partner --project p-123 --with-token': 'hosted: a partner key and its project',
  'dgw auth login --base-url https://gateway.example.com/api/v1 --with-token < key.txt': 'another gateway at its own URL',
  'dgw --profile staging auth login --base-url https://staging.example.com/api/v1 --with-token < staging-key.txt': 'another gateway at its own URL',
  'dgw --profile eu-work auth status': 'the profile the hosted `--zone eu` login example makes',
  'dgw --profile eu auth login --zone eu --with-token < eu-key.txt': 'hosted: zone eu',
  'dgw --profile eu query list': 'the profile the hosted `--zone eu` login example makes',
  'dgw --profile eu-work auth logout': 'the profile the hosted `--zone eu` login example makes',
  'dgw auth login --zone eu --project my-project       # asks for the key without echoing it': 'hosted: zone eu, and a terminal',
  'dgw --zone eu plan                                       # then see what the real project needs': 'hosted: zone eu',
  // The local gateway served over HTTP runs until Ctrl-C (test/gateway/ starts and stops it).
  'dgw serve': 'serves until stopped',
  'dgw serve --port 8787     # serve the local gateway over HTTP (docs/local-gateway.md)': 'serves until stopped',
  'DGW_LOCAL_MIN_INTERVAL=2s dgw serve --data-dir ./gw   # commands on --zone local reaching it may use --every 2s': 'serves until stopped',
  'dgw serve                                  # http://127.0.0.1:8787/api/v1, keys, data folder': 'serves until stopped',
  'dgw serve --port 0 --json                  # a free port; one JSON line: {"baseUrl", "partnerKey", "projectKeys", "dataDir", "apiShape", "pid"}': 'serves until stopped',
  'DGW_LOCAL_PARTNER_KEY=ci-secret dgw serve --data-dir ./gw   # a partner key the pipeline already knows': 'serves until stopped',
  'dgw serve --statement-timeout 30s --memory-limit 2GB       # tighter limits (see Limits)': 'serves until stopped',
  'dgw serve --host 0.0.0.0 --allow-remote    # reachable from other machines, over plain HTTP': 'serves until stopped',
  'dgw serve --api-shape hosted               # answer exactly as the hosted service documents (see below)': 'serves until stopped',
  'dgw serve --port 0 --json': 'serves until stopped',
  'DGW_LOCAL_PARTNER_KEY=ci-secret dgw serve --data-dir ./gateway-data': 'serves until stopped',
  'dgw serve --statement-timeout 30s --memory-limit 2GB': 'serves until stopped',
  'dgw serve --host 0.0.0.0 --allow-remote   # reachable from other machines, over plain HTTP': 'serves until stopped',
  'dgw serve --api-shape hosted      # answers exactly as the hosted service documents them': 'serves until stopped',
  'DGW_API_KEY=ci-secret dgw --base-url http://127.0.0.1:8787/api/v1 --project demo catalog list   # any client, with a key it holds':
    'needs the `DGW_LOCAL_PARTNER_KEY=ci-secret dgw serve` above running on port 8787',
  // What needs the hosted service's language model: the local gateway answers 501 (test/metadata-local.test.ts).
  'dgw metadata questions "Which customers order most?"': 'hosted only: needs the service\'s language model',
  'dgw metadata search "monthly revenue" --top-k 5': 'hosted only: needs the service\'s language model',
  // The agent and its threads: hosted only (test/ask-the-agent.test.ts streams an answer from a server of its own).
  'dgw ask "Which customers ordered most last month?"': 'hosted only: the agent needs the service\'s language model',
  'dgw ask "And the month before?" --thread 3f2a9c': 'hosted only: the agent needs the service\'s language model',
  'dgw ask "Revenue by country" --json > exchange.json': 'hosted only: the agent needs the service\'s language model',
  'dgw ask "Top products this week" --no-stream --timeout 2m': 'hosted only: the agent needs the service\'s language model',
  'dgw agent workflow -o workflow.png': 'hosted only: no agent runs on the local gateway',
  'dgw agent workflow | display': 'hosted only: no agent runs on the local gateway (and display is an image viewer)',
  'dgw thread list': 'hosted only: the agent needs the service\'s language model',
  'dgw thread list --json threadId,displayName': 'hosted only: the agent needs the service\'s language model',
  'dgw thread get 3f2a9c': 'hosted only: the agent needs the service\'s language model',
  'dgw thread get 3f2a9c --jq ".messages | length"': 'hosted only: the agent needs the service\'s language model',
  // Connections and catalogs: what the local gateway does not serve (other types, catalogs apart from connections).
  'dgw connection create warehouse --type POSTGRES --from-file warehouse.yaml   # secrets in a file, not in shell history': 'hosted: a type the local gateway does not serve',
  'dgw connection create crm --type POSTGRES --field url=db.example.com --field user=reader   # on a terminal, asks for the password': 'asks on a terminal; and the local gateway does not serve the type',
  'dgw connection update warehouse --from-file - < rotated.yaml   # a new password, from a file': 'hosted: a type the local gateway does not serve',
  'dgw connection update warehouse --ask   # on a terminal: every field, secrets without echo': 'asks on a terminal; and the local gateway does not serve the type',
  'dgw connection oauth-callback - < callback.txt': 'hosted: a type the local gateway does not serve',
  'echo "$CALLBACK_URL" | dgw connection oauth-callback -': 'hosted: a type the local gateway does not serve',
  'dgw connection rm events': 'asks on a terminal first (the --yes example after it runs)',
  'dgw catalog create sheets my-sheets --extra sheets.json': 'hosted: a spreadsheet connection and its sheets, which the local gateway does not serve',
  'dgw catalog share sales2 demo2 --json sharedCatalogId': 'needs a catalog sales2 and a project demo2, which the dry runs above only describe',
  'dgw catalog rm sales2': 'asks on a terminal first (the --yes --dry-run example after it runs)',
  // Installing and testing the checkout itself: the test runs the one already built.
  'npm ci            # installs, and builds dist/ (the `prepare` script)': 'installs this checkout',
  'npm link          # optional: puts `dgw` on your PATH; otherwise use `npx dgw`': 'links this checkout into the system',
  'npm ci && npm run quickstart': 'installs this checkout',
  'npm ci && npm test': 'installs and tests this checkout',
};

/** An example to run: where it is written, its text, and the unit (data folder) it runs in. */
interface Example {
  unit: string;
  where: string;
  text: string;
}

// ---- collecting -------------------------------------------------------------------------------


/** Every visible command's path in the order help lists them, the group before its commands. */
function commandPaths(command: Command, prefix: string[] = []): string[][] {
  const visible = command.createHelp().visibleCommands(command).filter((c) => command.commands.includes(c));
  return [...(prefix.length > 0 ? [prefix] : []), ...visible.flatMap((c) => commandPaths(c, [...prefix, c.name()]))];
}

/** The `$ dgw ...` lines of one command's Examples section, rendered by `main` as the binary does. */
async function helpExamples(commandPath: string[]): Promise<string[]> {
  const { deps, stdout } = capture();
  await main([...commandPath, '--help'], deps);
  const section = stdout().split('\nExamples:\n')[1] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('  $ '))
    .map((line) => line.slice(4).trimEnd());
}

async function allHelpExamples(): Promise<Example[]> {
  const examples: Example[] = [];
  for (const commandPath of commandPaths(await buildProgram(capture().deps))) {
    for (const text of await helpExamples(commandPath)) examples.push({ unit: 'every --help', where: `dgw ${commandPath.join(' ')} --help`, text });
  }
  return examples;
}

/** The command lines of a Markdown file's sh blocks, continuations joined, comment-only lines left out. */
function markdownExamples(file: string): Example[] {
  const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const examples: Example[] = [];
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inBlock) {
      inBlock = line.trim() === '```sh';
      continue;
    }
    if (line.trim().startsWith('```')) {
      inBlock = false;
      continue;
    }
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const start = i;
    // A block inside a list item is indented: the commands are not.
    let text = line.trim();
    while (/[\\|]$/.test(text) && i + 1 < lines.length) text += `\n${lines[++i]!.trim()}`;
    examples.push({ unit: file, where: `${file}:${start + 1}`, text });
  }
  return examples;
}

/**
 * The Markdown files whose sh blocks run. Not yet: docs/performance.md (`npm run bench` measures
 * this checkout for minutes).
 */
const MARKDOWN = ['README.md', 'docs/auth.md', 'docs/configuration.md', 'docs/data.md', 'docs/local-gateway.md', 'docs/output.md', 'docs/queries-as-code.md', 'docs/queries.md'];

/** The exemption key of an example: its text, or its first line when it goes on over several. */
const keyOf = (example: Example) => example.text.split('\n')[0]!;

// ---- running ----------------------------------------------------------------------------------

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A unit's working folder, the environment its examples run in, and its bash that splits words. */
interface Unit {
  cwd: string;
  env: NodeJS.ProcessEnv;
  splitWords: (line: string) => Promise<string[] | string>;
  remove: () => void;
}

/** Fresh folders for one unit, and the environment its examples run in. */
function freshUnit(unit: string): Unit {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-examples-'));
  const [cwd, home, config, data] = ['work', 'home', 'config', 'data'].map((name) => path.join(top, name)) as [string, string, string, string];
  for (const dir of [cwd, home, config]) fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries({ ...FIXTURES, ...UNIT_FIXTURES[unit] })) {
    fs.mkdirSync(path.dirname(path.join(cwd, name)), { recursive: true });
    fs.writeFileSync(path.join(cwd, name), text);
  }
  // Where bash-completion and fish are installed these folders exist; the examples write into them.
  for (const dir of ['.local/share/bash-completion/completions', '.config/fish/completions']) fs.mkdirSync(path.join(home, dir), { recursive: true });
  // Nothing of the user's reaches an example: no DGW_* setting, no XDG folder, no desktop keychain.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && !k.startsWith('XDG_') && !['FORCE_COLOR', 'NO_COLOR', 'CI', 'DBUS_SESSION_BUS_ADDRESS', 'PAGER', 'LESS', 'VISUAL', 'EDITOR'].includes(k)),
  );
  const env = { ...inherited, PATH: `${shim.binDir}${path.delimiter}${process.env.PATH ?? ''}`, HOME: home, DGW_ZONE: 'local', DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: data, DGW_PAGER: '' };
  const words = wordSplitter(cwd, env);
  return {
    cwd,
    env,
    splitWords: words.split,
    remove: () => {
      words.close();
      fs.rmSync(top, { recursive: true, force: true });
    },
  };
}

/** An example that is one `dgw` command and nothing else of the shell's: no pipe, redirect, variable, substitution or second line. */
const ONE_COMMAND = /^dgw\s[^|&;<>`$\n\\]*$/;

/**
 * Runs an example as bash would: one that is a single `dgw` command has its words split by the
 * unit's bash and runs in this process (`main`, as bin/dgw.js calls it); any other runs under a
 * bash of its own with `dgw` on PATH.
 */
async function runExample(text: string, unit: Unit): Promise<Outcome> {
  if (!ONE_COMMAND.test(text)) return runInBash(text, unit.cwd, unit.env);
  const words = await unit.splitWords(text.slice(3));
  if (typeof words === 'string') return { code: 2, stdout: '', stderr: words };
  const defined = Object.fromEntries(Object.entries(unit.env).filter((e): e is [string, string] => e[1] !== undefined));
  return runInProcess(words, { env: defined, cwd: unit.cwd });
}

/**
 * One bash for a unit, kept running, that splits a command line into words as it would run it
 * (quotes, and globs in the unit's folder): `eval` of the line quoted whole, so a line bash
 * cannot parse is an error message, never a shell left waiting for the rest. The words, or the
 * error bash printed.
 */
function wordSplitter(cwd: string, env: NodeJS.ProcessEnv): { split: (line: string) => Promise<string[] | string>; close: () => void } {
  const bash = spawn('bash', ['--noprofile', '--norc'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let waiting: ((answer: string[] | string) => void) | undefined;
  bash.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  bash.stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
    const end = out.indexOf('\x01\n');
    if (end < 0) return;
    const [words, status] = [out.slice(0, end), out.slice(end + 2)];
    if (!status.includes('\n')) return;
    out = '';
    const answer = status.trim() === '0' ? words.split('\0').slice(0, -1) : `bash could not split the words (status ${status.trim()}): ${err}`;
    err = '';
    waiting?.(answer);
  });
  return {
    split: (line) =>
      new Promise((resolve) => {
        waiting = resolve;
        bash.stdin.write(`eval ${shellQuote(`printf '%s\\0' ${line}`)}; printf '\\1\\n%s\\n' $?\n`);
      }),
    close: () => bash.stdin.end(),
  };
}

function runInBash(text: string, cwd: string, env: NodeJS.ProcessEnv, limitMs = 60_000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', text], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    // A whole process group is not needed: an example that hangs is a failure, reported with what it printed.
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr: code === null ? `${stderr}\n(killed after ${limitMs} ms)` : stderr });
    });
  });
}

/** sales.duckdb, the DuckDB database file the connection examples attach: one table of orders. */
async function makeSalesDatabase(file: string): Promise<void> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await DuckDBInstance.create(file);
  const conn = await db.connect();
  await conn.run('CREATE TABLE orders AS SELECT range AS order_id, range * 2.5 AS amount FROM range(10)');
  conn.closeSync();
  db.closeSync();
}

/** Runs a unit's examples in order; returns a report line for each one that failed. */
async function runUnit(examples: Example[]): Promise<string[]> {
  const unit = freshUnit(examples[0]!.unit);
  const failures: string[] = [];
  try {
    await makeSalesDatabase(path.join(unit.cwd, 'sales.duckdb'));
    const key = await runInBash('dgw key create example-key > key.txt', unit.cwd, unit.env);
    if (key.code !== 0) throw new Error(`could not make key.txt: ${key.stderr}`);
    // docs/auth.md logs in with key.txt and prod-key.txt, then lists projects and keys: a partner key's work.
    if (examples[0]!.unit === 'docs/auth.md') {
      const { partnerKey } = JSON.parse(fs.readFileSync(path.join(unit.env.DGW_LOCAL_DIR!, 'keys.json'), 'utf8')) as { partnerKey: string };
      for (const name of ['key.txt', 'prod-key.txt']) fs.writeFileSync(path.join(unit.cwd, name), `${partnerKey}\n`);
    }
    for (const example of examples) {
      if (keyOf(example) in EXEMPT) continue;
      const outcome = await runExample(example.text, unit);
      if (outcome.code !== 0) failures.push(`${example.where}\n  $ ${example.text}\n  exit ${outcome.code}\n  stderr: ${outcome.stderr.trim().replace(/\n/g, '\n          ')}`);
    }
  } finally {
    unit.remove();
  }
  return failures;
}

// ---- the tests --------------------------------------------------------------------------------

const shimDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-examples-shim-'));
const shim = await startDgwShim(shimDir);
afterAll(async () => {
  await shim.close();
  fs.rmSync(shimDir, { recursive: true, force: true });
});

const helpExamplesFound = await allHelpExamples();
const markdownExamplesFound = MARKDOWN.flatMap(markdownExamples);
const everyExample = [...helpExamplesFound, ...markdownExamplesFound];
const units = [...new Set(everyExample.map((e) => e.unit))].map((unit) => [unit, everyExample.filter((e) => e.unit === unit)] as const);

describe('every example runs as written on the local gateway', () => {
  it('finds the examples, and every exemption names one', () => {
    expect(helpExamplesFound.length).toBeGreaterThan(150);
    expect(markdownExamplesFound.some((e) => e.unit === 'README.md')).toBe(true);
    const written = new Set(everyExample.map(keyOf));
    expect(Object.keys(EXEMPT).filter((key) => !written.has(key))).toEqual([]);
  });

  // One unit at a time: side by side they took a fifth more CPU (DuckDB instances and heaps
  // competing), which the other files of a full run need more than this file needs the time.
  it.for(units)('%s', { timeout: 900_000 }, async ([, examples], { expect }) => {
    const failures = await runUnit([...examples]);
    expect(failures, `${failures.length} example(s) failed:\n\n${failures.join('\n\n')}`).toEqual([]);
  });
});
