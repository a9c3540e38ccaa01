import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DGW_BIN, runDgw, tempDir } from './support/dgw.js';
import { RecordingServer } from './support/recording-server.js';
import { runAsBinaryWould } from './support/in-process.js';

// Live completion: the generated scripts ask the hidden `dgw __complete` for names from the
// project (queries, folders, tables, columns, profiles), which answers from at most one request,
// cached a few seconds, and prints nothing on any failure.
const completions = path.resolve(path.dirname(DGW_BIN), '../completions');
const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;
const home = tempDir('dgw-live-');
const bin = path.join(home.dir, 'bin');
const base = {
  DGW_CONFIG_DIR: path.join(home.dir, 'config'),
  DGW_LOCAL_DIR: path.join(home.dir, 'local'),
  XDG_CACHE_HOME: path.join(home.dir, 'cache'),
  HOME: home.dir,
};
const local = { ...base, DGW_ZONE: 'local' };

/** The environment a shell completes in: dgw on PATH (a shim running the built binary). */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && k !== 'CI'));
  return { ...inherited, ...base, ...extra, PATH: `${bin}:${process.env.PATH}` };
}

/** Sources the bash script and runs its function on the words typed, as bash does on Tab. */
function bashComplete(words: string[], extra: Record<string, string> = {}): { values: string[]; stderr: string } {
  const script = [
    `source ${JSON.stringify(path.join(completions, 'dgw.bash'))}`,
    `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
    'COMP_CWORD=$((${#COMP_WORDS[@]} - 1))',
    // As bash sets them on Tab: the line (words as typed, one space apart) and the cursor at its end.
    `COMP_LINE='${words.join(' ')}'`,
    'COMP_POINT=${#COMP_LINE}',
    '_dgw',
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  const r = spawnSync('bash', ['-c', script], { encoding: 'utf8', env: shellEnv(extra) });
  return { values: r.stdout.split('\n').filter(Boolean), stderr: r.stderr };
}

/** Runs the zsh function on the words typed, with compadd, _files and _describe standing in for compsys's. */
function zshComplete(words: string[]): string[] {
  const script = [
    'compdef() { :; }',
    'compadd() { [[ $1 == -a ]] && print -rl -- "${(@P)2}"; }',
    '_files() { print -r -- @files; }',
    '_describe() { print -rl -- "${(@P)3}"; }',
    'compset() { [[ $1 == -P ]] && IPREFIX=$2 PREFIX=${PREFIX#$2}; }',
    `source ${JSON.stringify(path.join(completions, '_dgw'))}`,
    `words=(${words.map((w) => `'${w}'`).join(' ')})`,
    'CURRENT=${#words}',
    // As compsys sets it: the current word up to the cursor.
    'PREFIX=${words[CURRENT]}',
    '_dgw',
  ].join('\n');
  return execFileSync('zsh', ['-f', '-c', script], { encoding: 'utf8', env: shellEnv({ DGW_ZONE: 'local' }) }).split('\n').filter(Boolean);
}

beforeAll(async () => {
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, 'dgw'), `#!/bin/sh\nexec '${process.execPath}' '${DGW_BIN}' "$@"\n`, { mode: 0o755 });
  for (const args of [
    ['query', 'create', 'Revenue Report', '--sql', 'SELECT 1 AS a'],
    ['query', 'create', 'Daily Totals', '--materialized', '--sql', 'SELECT 2 AS b'],
    ['folder', 'create', '/reports/monthly'],
    ['folder', 'create', '/archive'],
    ['cache', 'create', 'orders'],
  ]) {
    const r = await runAsBinaryWould(args, { env: local });
    expect(r.code, r.stderr).toBe(0);
  }
}, 60_000);
afterAll(() => home.remove());

describe('bash completes live names from the local gateway', () => {
  it('dgw query get <Tab> offers the saved queries', () => {
    const r = bashComplete(['dgw', 'query', 'get', ''], { DGW_ZONE: 'local' });
    expect(r.values).toEqual(['dailytotals', 'revenuereport']);
    expect(r.stderr).toBe('');
  });

  it('dgw folder mv x /<Tab> offers the folder paths', () => {
    expect(bashComplete(['dgw', 'folder', 'mv', 'x', '/'], { DGW_ZONE: 'local' }).values).toEqual(['/archive', '/reports', '/reports/monthly']);
    expect(bashComplete(['dgw', 'folder', 'mv', 'x', '/rep'], { DGW_ZONE: 'local' }).values).toEqual(['/reports', '/reports/monthly']);
  });

  it('materialized queries for mtquery, tables and their columns for drop-column, folders for --folder', () => {
    expect(bashComplete(['dgw', 'mtquery', 'refresh', ''], { DGW_ZONE: 'local' }).values).toEqual(['dailytotals']);
    expect(bashComplete(['dgw', 'table', 'drop-column', ''], { DGW_ZONE: 'local' }).values).toEqual(['customers', 'orders']);
    expect(bashComplete(['dgw', 'table', 'drop-column', 'orders', 'c'], { DGW_ZONE: 'local' }).values).toEqual(['customer_id']);
    expect(bashComplete(['dgw', 'query', 'list', '--folder', '/a'], { DGW_ZONE: 'local' }).values).toEqual(['/archive']);
  });

  it('caches by the names of their tables for cache verbs; stored tables for cache create', () => {
    expect(bashComplete(['dgw', 'cache', 'refresh', ''], { DGW_ZONE: 'local' }).values).toEqual(['orders']);
    expect(bashComplete(['dgw', 'cache', 'history', 'o'], { DGW_ZONE: 'local' }).values).toEqual(['orders']);
    expect(bashComplete(['dgw', 'cache', 'create', ''], { DGW_ZONE: 'local' }).values).toEqual(['customers', 'orders']);
  });

  it('an option value written --folder=/a completes as --folder /a does', async () => {
    expect((await runDgw(['__complete', '--bash-line', 'dgw query list --folder=/a'], { env: local })).stdout).toBe('/archive\n');
    expect((await runDgw(['__complete', '--', 'query', 'list', '--folder=/a'], { env: local })).stdout).toBe('/archive\n');
  });

  it('global options on the line choose the project: --zone local as typed', () => {
    expect(bashComplete(['dgw', '--zone', 'local', 'query', 'rm', 'rev']).values).toEqual(['revenuereport']);
  });

  it('profile names come from the user store, with no request', () => {
    fs.mkdirSync(base.DGW_CONFIG_DIR, { recursive: true });
    fs.writeFileSync(path.join(base.DGW_CONFIG_DIR, 'config.json'), JSON.stringify({ profiles: { work: {}, 'eu-prod': {} } }));
    expect(bashComplete(['dgw', 'profile', 'use', '']).values).toEqual(['eu-prod', 'work']);
    expect(bashComplete(['dgw', '--profile', 'w']).values).toEqual(['work']);
    fs.rmSync(path.join(base.DGW_CONFIG_DIR, 'config.json'));
  });

  it('after --, a word starting with - completes as a name, not as an option', () => {
    fs.mkdirSync(base.DGW_CONFIG_DIR, { recursive: true });
    fs.writeFileSync(path.join(base.DGW_CONFIG_DIR, 'config.json'), JSON.stringify({ profiles: { '-dash': {}, work: {} } }));
    expect(bashComplete(['dgw', 'profile', 'use', '--', '-']).values).toEqual(['-dash']);
    if (has('zsh')) expect(zshComplete(['dgw', 'profile', 'use', '--', '-'])).toEqual(['-dash']);
    if (has('fish')) {
      const script = `source ${JSON.stringify(path.join(completions, 'dgw.fish'))}; complete -C 'dgw profile use -- -'`;
      expect(execFileSync('fish', ['--no-config', '-c', script], { encoding: 'utf8', env: shellEnv() }).trim()).toBe('-dash');
    }
    fs.rmSync(path.join(base.DGW_CONFIG_DIR, 'config.json'));
  });

  it('static completion still works (subcommands, options) without asking dgw', () => {
    expect(bashComplete(['dgw', 'query', 'ed']).values).toEqual(['edit']);
  });
});

describe.skipIf(!has('fish'))('fish completes live names', () => {
  it('complete -C "dgw query get " offers the saved queries; "dgw folder mv x /" the folders', () => {
    const run = (line: string) =>
      execFileSync('fish', ['--no-config', '-c', `source ${JSON.stringify(path.join(completions, 'dgw.fish'))}; complete -C ${JSON.stringify(line)}`], {
        encoding: 'utf8',
        env: shellEnv({ DGW_ZONE: 'local' }),
      })
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]);
    expect(run('dgw query get ')).toEqual(['dailytotals', 'revenuereport']);
    expect(run('dgw folder mv x /')).toEqual(['/archive', '/reports', '/reports/monthly']);
    expect(run('dgw query list --folder /r')).toEqual(['/reports', '/reports/monthly']);
    expect(run('dgw query list --folder=/r')).toEqual(['--folder=/reports', '--folder=/reports/monthly']);
  });
});

describe.skipIf(!has('zsh'))('zsh completes live names', () => {
  it('dgw query get <Tab> and dgw folder mv x /<Tab>', () => {
    expect(zshComplete(['dgw', 'query', 'get', ''])).toEqual(['dailytotals', 'revenuereport']);
    expect(zshComplete(['dgw', 'folder', 'mv', 'x', '/'])).toEqual(['/archive', '/reports', '/reports/monthly']);
    expect(zshComplete(['dgw', 'query', 'list', '--folder', '/a'])).toEqual(['/archive']);
    // A command without live arguments falls back to file names.
    expect(zshComplete(['dgw', 'sql', ''])).toEqual(['@files']);
  });

  it('an option value written --folder=/a completes as --folder /a does', () => {
    expect(zshComplete(['dgw', 'query', 'list', '--folder=/a'])).toEqual(['/archive']);
  });
});


/** `dgw ARGS` in this process (no start-up to wait for: the Tab's deadline is the request's alone), as its exit and streams. */
async function tab(args: string[], options: { env: Record<string, string | undefined> }): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runAsBinaryWould(args, options);
  return { code, stdout, stderr };
}

describe('dgw __complete against a hosted stand-in', () => {
  const server = new RecordingServer();
  const KEY = 'completion-secret-key-1234';
  const hosted = () => ({ ...base, DGW_BASE_URL: server.baseUrl, DGW_API_KEY: KEY, DGW_PROJECT: 'p1', XDG_CACHE_HOME: path.join(home.dir, 'cache-hosted') });
  beforeAll(() => server.start());
  afterAll(() => server.close());

  it('a burst of Tabs costs one request (a short-lived cache), and the cache holds no key', async () => {
    server.on('GET', '/data/projects/p1/queries', { json: [{ id: '709922802836177297', name: 'revenue', displayName: 'Revenue', inputQuery: 'SELECT 1', queryType: 'PLAIN' }] });
    for (let i = 0; i < 3; i++) {
      const r = await tab(['__complete', '--', 'query', 'get', ''], { env: hosted() });
      expect(r.stdout).toBe('revenue\n');
    }
    expect(server.requests).toHaveLength(1);
    // Ids once the word starts like one.
    expect((await tab(['__complete', '--', 'query', 'get', '7099'], { env: hosted() })).stdout).toBe('709922802836177297\n');
    // The cache is per project (and profile, and base URL): another project asks, and gets its own names.
    server.on('GET', '/data/projects/p2/queries', { json: [{ id: '709922802836177300', name: 'other', displayName: 'Other', inputQuery: 'SELECT 2', queryType: 'PLAIN' }] });
    expect((await tab(['__complete', '--', 'query', 'get', ''], { env: { ...hosted(), DGW_PROJECT: 'p2' } })).stdout).toBe('other\n');
    expect((await tab(['__complete', '--', '--project', 'p2', 'query', 'get', ''], { env: hosted() })).stdout).toBe('other\n');
    expect(server.requests.map((r) => r.path)).toEqual(['/data/projects/p1/queries', '/data/projects/p2/queries']);
    const cache = path.join(home.dir, 'cache-hosted', 'dgw', 'completion');
    expect(fs.statSync(cache).mode & 0o777).toBe(0o700);
    for (const file of fs.readdirSync(cache)) {
      expect(fs.statSync(path.join(cache, file)).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(path.join(cache, file), 'utf8')).not.toContain(KEY);
    }
    server.reset();
  });

  it('connection and catalog names, then the schemas and tables of the catalog typed before', async () => {
    const env = { ...hosted(), XDG_CACHE_HOME: path.join(home.dir, 'cache-sources') };
    server.on('GET', '/connections/p1', { json: [{ id: '6243f42a-42d0-4821-a90f-763cda6cda50', name: 'warehouse', type: 'POSTGRES' }, { id: '81e6dfd0-4c88-4e81-a28b-422e89cc07c7', name: 'sales', type: 'csv' }] });
    server.on('GET', '/data/projects/p1/catalogs', { json: [{ id: '626654862255325504', name: 'wh', displayName: 'Warehouse', catalogType: 'POSTGRES', connectionId: null }] });
    server.on('GET', '/data/projects/p1/catalogs/626654862255325504/schemas', { json: [{ catalogId: '626654862255325504', schemaName: 'public' }, { catalogId: '626654862255325504', schemaName: 'sales' }] });
    server.on('GET', '/data/projects/p1/catalogs/626654862255325504/schemas/public/tables', { json: [{ tableName: 'actor' }, { tableName: 'film' }] });
    expect((await tab(['__complete', '--', 'connection', 'rm', 'w'], { env })).stdout).toBe('warehouse\n');
    expect((await tab(['__complete', '--', 'catalog', 'schemas', ''], { env })).stdout).toBe('wh\n');
    expect((await tab(['__complete', '--', 'catalog', 'columns', 'wh', 'p'], { env })).stdout).toBe('public\n');
    expect((await tab(['__complete', '--', 'catalog', 'columns', 'wh', 'public', ''], { env })).stdout).toBe('actor\nfilm\n');
    server.reset();
  });

  it('a server that does not answer costs a Tab at most a few seconds, and prints nothing', async () => {
    // The answer comes after a minute: the Tab ending at all, before the test's limit, proves it gave up on it.
    server.on('GET', '/data/projects/p1/queries/folders', { json: [], delayMs: 60_000 });
    const r = await tab(['__complete', '--', 'folder', 'view', ''], { env: hosted() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    const bash = bashComplete(['dgw', 'folder', 'view', ''], { DGW_BASE_URL: server.baseUrl, DGW_API_KEY: KEY, DGW_PROJECT: 'p1', XDG_CACHE_HOME: path.join(home.dir, 'cache-slow') });
    expect(bash).toEqual({ values: [], stderr: '' });
    server.reset();
  });

  it('prints nothing, on stdout or stderr, when the service fails, the key is missing or the profile is unknown, without retrying', async () => {
    server.on('GET', '/data/projects/p1/table', { status: 500, json: { errorCode: 'BOOM', message: 'boom' } });
    const failing = await tab(['__complete', '--', 'table', 'rm', ''], { env: hosted() });
    const unknownProfile = await tab(['__complete', '--', '--profile', 'nope', 'query', 'get', ''], { env: hosted() });
    const noKey = await tab(['__complete', '--', 'folder', 'view', ''], { env: { ...hosted(), DGW_API_KEY: undefined } });
    // A Tab does not wait for retries: at most one request for the failing service (none where its time ran out first on a busy machine).
    expect(server.requests.filter((r) => r.path.endsWith('/table')).length).toBeLessThanOrEqual(1);
    for (const r of [failing, unknownProfile, noKey]) {
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    // The bash function gets nothing, and bash shows no error either.
    expect(bashComplete(['dgw', 'table', 'rm', ''], { DGW_BASE_URL: server.baseUrl, DGW_API_KEY: KEY, DGW_PROJECT: 'p1' })).toEqual({ values: [], stderr: '' });
    server.reset();
  });
});
