import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { runDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { spawnServe, type SpawnedServer } from './gateway/helpers.js';

// The small gaps a script meets: query run (a saved query's rows, in every output of dgw sql),
// mtquery list, query update --plain, dgw alone (help on stdout), a missing argument that points
// to --help, and folder mv into a folder that does not exist (say how to make it; --parents makes it).

const tmp = tempDir('dgw-gaps-');
let server: SpawnedServer;
beforeAll(async () => {
  server = await spawnServe(path.join(tmp.dir, 'data'), path.join(tmp.dir, 'config'));
});
afterAll(async () => {
  await server?.stop();
  tmp.remove();
});
// In-process, as the binary would run them (the commands' wiring is what these tests prove; startup-imports and the smoke tests spawn).
const dgw = (...args: string[]) =>
  runAsBinaryWould(args, { env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_BASE_URL: server.baseUrl, DGW_API_KEY: server.partnerKey, DGW_PROJECT: 'demo' } });
const ok = async (...args: string[]) => {
  const r = await dgw(...args);
  expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r;
};

describe('query run QUERY', () => {
  beforeAll(async () => {
    await ok('query', 'create', 'By status', '--sql', "SELECT status, count(*) AS n, sum(amount) AS total, 'a\tb' AS odd FROM svc.table.orders GROUP BY 1 ORDER BY 1");
    await ok('mtquery', 'create', 'Stored', '--sql', 'SELECT 9007199254740993 AS big, 1.50::DECIMAL(4,2) AS price');
  });

  it.each([
    ['a pipe (TSV)', []],
    ['--header', ['--header']],
    ['--format table', ['--format', 'table']],
    ['--format csv', ['--format', 'csv']],
    ['--format tsv', ['--format', 'tsv']],
    ['--format yaml', ['--format', 'yaml']],
    ['--json', ['--json']],
    ['--json FIELDS', ['--json', 'status,n']],
    ['--format compact --json', ['--format', 'compact', '--json']],
    ['--jq', ['--jq', 'map(.n) | add']],
    ['-q', ['-q']],
    ['--limit 2', ['--limit', '2']],
    ['--format csv --guard-formulas', ['--format', 'csv', '--guard-formulas']],
  ])('prints as dgw sql prints the same rows: %s', async (_name, flags) => {
    const run = await ok('query', 'run', 'bystatus', ...flags);
    const sql = await ok('sql', 'SELECT * FROM svc.query.bystatus', ...flags);
    expect(run.stdout).toBe(sql.stdout);
    expect(run.stdout.length).toBeGreaterThan(0);
  });

  it('sends the run-SQL operation with the query\'s id; a materialized query answers its stored result, digits kept', async () => {
    const { id } = JSON.parse((await ok('query', 'get', 'stored', '--json', 'id')).stdout) as { id: string };
    expect(JSON.parse((await ok('query', 'run', id, '--json')).stdout)).toEqual([{ big: '9007199254740993', price: 1.5 }]);
    expect((await ok('query', 'run', 'stored', '--debug')).stderr).toContain('body: {"id":"');
  });

  it('--limit and --guard-formulas are refused as dgw sql refuses them, before anything is sent', async () => {
    for (const flags of [['--limit', '0'], ['--limit', 'x'], ['--guard-formulas', '--json']]) {
      const r = await dgw('query', 'run', 'bystatus', ...flags);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--limit|--guard-formulas/);
    }
  });

  it('--limit prints the first rows and says the result has more', async () => {
    const r = await ok('query', 'run', 'bystatus', '--limit', '1', '--header');
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(/the first 1 row \(--limit 1\); the result has more/);
  });

  it('a query that does not exist is exit 4', async () => {
    expect((await dgw('query', 'run', 'nosuch')).code).toBe(4);
  });
});

describe('mtquery list', () => {
  it('lists the materialized queries only', async () => {
    await ok('query', 'create', 'Plain one', '--sql', 'SELECT 1 AS x');
    await ok('mtquery', 'create', 'Listed', '--sql', 'SELECT 2 AS x');
    const names = (JSON.parse((await ok('mtquery', 'list', '--json', 'name,queryType')).stdout) as Array<{ name: string; queryType: string }>);
    expect(names.map((q) => q.name)).toContain('listed');
    expect(names.map((q) => q.name)).not.toContain('plainone');
    expect(new Set(names.map((q) => q.queryType))).toEqual(new Set(['MATERIALIZED']));
    const all = JSON.parse((await ok('query', 'list', '--type', 'materialized', '--json')).stdout) as unknown[];
    expect(JSON.parse((await ok('mtquery', 'ls', '--json')).stdout)).toEqual(all);
  });
});

describe('query update --plain', () => {
  it('converts a materialized query back to a plain one: a view, no schedule', async () => {
    await ok('mtquery', 'create', 'Back', '--sql', 'SELECT 3 AS x', '--every', '1d');
    const r = await ok('query', 'update', 'back', '--plain', '--json', 'queryType,schedule');
    expect(JSON.parse(r.stdout)).toEqual({ queryType: 'PLAIN', schedule: null });
    expect(JSON.parse((await ok('sql', 'SELECT x FROM svc.query.back', '--json')).stdout)).toEqual([{ x: 3 }]);
    expect((await dgw('sql', 'SELECT x FROM svc.mtquery.back')).code).toBe(6);
  });

  it('with a schedule, --from or --materialized it is exit 2, before anything is sent', async () => {
    for (const extra of [['--every', '1h'], ['--cron', '0 1 * * *'], ['--from', 'listed'], ['--materialized']]) {
      const r = await dgw('query', 'update', 'back', '--plain', ...extra, '--debug');
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr).not.toContain('→');
    }
  });
});

describe('dgw alone, and a missing argument', () => {
  const inProcess = async (argv: string[]) => {
    let out = '';
    let err = '';
    const code = await main(argv, {
      io: { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, stdin: { async *[Symbol.asyncIterator]() {} } },
      env: {},
      cwd: '.',
      signal: new AbortController().signal,
    });
    return { code, out, err };
  };

  it('dgw with no arguments prints its help on stdout and exits 0, as gh does (in a pipe and rendered)', async () => {
    const piped = await runDgw([]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^Usage: dgw \[options\] \[command\]/);
    expect(piped.stderr).toBe('');
    const rendered = await inProcess([]);
    expect(rendered.code).toBe(0);
    expect(rendered.out).toMatch(/^Usage: dgw \[options\] \[command\]/);
    expect(rendered.err).toBe('');
  });

  it('a group without its verb prints the group\'s help on stdout, exit 0', async () => {
    for (const argv of [['query'], ['--zone', 'local', 'folder'], ['query', '--json', 'id,name']]) {
      const r = await inProcess(argv);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`^Usage: dgw ${argv.find((a) => !a.startsWith('-') && a !== 'local')} \\[options\\] \\[command\\]`));
      expect(r.err).toBe('');
    }
  });

  it('a global option missing its value at the end is a usage error saying so, pointing to the named command\'s --help (was: "--help" read as its value, or help and exit 0; then `dgw --help` after a subcommand)', async () => {
    for (const argv of [['--zone'], ['--profile'], ['query', '--zone'], ['query', 'list', '--format'], ['query', 'list', '--zone']]) {
      const r = await inProcess(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.out, argv.join(' ')).toBe('');
      expect(r.err, argv.join(' ')).toMatch(new RegExp(`^error: option '${argv.at(-1)} <[a-z]+>' argument missing\nhint: see \`dgw ${argv.slice(0, -1).map((w) => `${w} `).join('')}--help\`\n$`));
    }
  });

  it('root options and no command print the root help on stdout, exit 0, a list of --json fields too (was stderr)', async () => {
    for (const argv of [['-q'], ['--json'], ['--json', 'id,name'], ['--zone', 'local', '--json', 'id']]) {
      const r = await inProcess(argv);
      expect([r.code, r.err], argv.join(' ')).toEqual([0, '']);
      expect(r.out, argv.join(' ')).toMatch(/^Usage: dgw \[options\] \[command\]/);
    }
  });

  it('a missing argument says so, what the command takes and read as which, and points to its --help (exit 2)', async () => {
    const r = await runDgw(['folder', 'rename', '/reports']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: missing required argument 'new-name'\nhint: dgw folder rename takes FOLDER NEW-NAME and read \"/reports\" as FOLDER: see `dgw folder rename --help`\n");
    // A newcomer's `table import FILE`: the file was read as the table's name.
    const imported = await dgw('table', 'import', 'fruit.csv', '--create');
    expect([imported.code, imported.stderr]).toEqual([2, "error: missing required argument 'file'\nhint: dgw table import takes TABLE FILE and read \"fruit.csv\" as TABLE: see `dgw table import --help`\n"]);
  });
});

describe('folder mv into a folder that does not exist', () => {
  it('is exit 4, saying how to create it, and changes nothing', async () => {
    await ok('query', 'create', 'Mover', '--sql', 'SELECT 1 AS one');
    const r = await dgw('folder', 'mv', 'mover', '/not/yet');
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('error: no folder at /not/yet\nhint: create it with `dgw folder create /not/yet`, or add --parents to create it with the move\n');
    expect(JSON.parse((await ok('query', 'get', 'mover', '--json', 'path')).stdout)).toEqual({ path: null });
  });

  it('--parents creates it (and its parents), then puts the queries in it', async () => {
    const r = await ok('folder', 'mv', 'mover', '/not/yet', '--parents', '--json');
    expect(JSON.parse(r.stdout)).toMatchObject({ folder: '/not/yet', createdFolders: ['/not', '/not/yet'] });
    expect(JSON.parse((await ok('query', 'get', 'mover', '--json', 'path')).stdout)).toEqual({ path: '/not/yet' });
    // A folder that exists is used as it is.
    const again = await ok('folder', 'mv', 'mover', '/not/yet', '--parents', '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ createdFolders: [] });
  });
});
