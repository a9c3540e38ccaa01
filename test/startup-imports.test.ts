import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DGW_BIN, tempDir } from './support/dgw.js';
import { RecordingServer } from './support/recording-server.js';

// Which modules a command loads, seen from inside the spawned binary: a preload registers a
// module.registerHooks load hook that records every URL the process loads and writes the list on
// exit. dist/ is bundled, so each loaded chunk is mapped back to the source files it holds through
// esbuild's metafile (dist/metafile.json, written by scripts/build.mjs).

const ROOT = path.resolve(path.dirname(DGW_BIN), '..');
const tmp = tempDir('dgw-startup-');
const preload = path.join(tmp.dir, 'track-modules.mjs');
const server = new RecordingServer();

interface Loaded {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Every URL the process loaded (chunks, external packages, builtins). */
  urls: string[];
  /** Node's own modules the process loaded (process.moduleLoadList): what a global such as fetch pulls in shows here only. */
  internals: string[];
  /** The source files (src/..., node_modules/...) held by the loaded dist/ outputs, plus loaded files outside dist/. */
  sources: string[];
}

type Metafile = { outputs: Record<string, { inputs: Record<string, unknown> }> };

function sourcesOf(urls: string[]): string[] {
  const meta = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'metafile.json'), 'utf8')) as Metafile;
  const out = new Set<string>();
  for (const url of urls) {
    if (!url.startsWith('file:')) continue;
    const rel = path.relative(ROOT, new URL(url).pathname).split(path.sep).join('/');
    const output = meta.outputs[rel];
    if (output) for (const input of Object.keys(output.inputs)) out.add(input);
    else out.add(rel);
  }
  return [...out];
}

// Many checks read the same run (the same arguments, environment and folder): each distinct run
// is made once and shared, which is sound because the local data folder is warmed before any test
// (a data folder's first command alone makes its keys and schema) and the recorded answers never change.
const runs = new Map<string, Promise<Loaded>>();

function loadedBy(args: string[], env: Record<string, string> = {}, cwd = tmp.dir, entry: string[] = [DGW_BIN]): Promise<Loaded> {
  const key = JSON.stringify([args, env, cwd, entry]);
  let run = runs.get(key);
  if (!run) runs.set(key, (run = spawnLoaded(args, env, cwd, entry)));
  return run;
}

function spawnLoaded(args: string[], env: Record<string, string>, cwd: string, entry: string[]): Promise<Loaded> {
  const list = path.join(tmp.dir, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && k !== 'NODE_OPTIONS' && k !== 'DBUS_SESSION_BUS_ADDRESS'));
  const childEnv = { ...base, DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), ...env, TRACK_MODULES_FILE: list };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', pathToFileURL(preload).href, ...entry, ...args], { env: childEnv, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const urls = fs.existsSync(list) ? fs.readFileSync(list, 'utf8').split('\n').filter(Boolean) : [];
      const internals = fs.existsSync(`${list}.internal`) ? fs.readFileSync(`${list}.internal`, 'utf8').split('\n').filter(Boolean) : [];
      resolve({ code, stdout, stderr, urls, internals, sources: sourcesOf(urls) });
    });
  });
}

const remoteEnv = () => ({ DGW_BASE_URL: server.baseUrl, DGW_API_KEY: 'test-key', DGW_PROJECT: 'p1' });
const fromPackage = (name: string) => (s: string) => s.includes(`node_modules/${name}/`);
const gatewayOrDuckdb = (l: Loaded) => [...l.sources, ...l.urls].filter((s) => s.startsWith('src/gateway/') || s.includes('@duckdb'));

beforeAll(async () => {
  fs.writeFileSync(
    preload,
    [
      "import module from 'node:module';",
      "import fs from 'node:fs';",
      'const seen = [];',
      'module.registerHooks({ load(url, context, next) { seen.push(url); return next(url, context); } });',
      "process.on('exit', () => fs.writeFileSync(process.env.TRACK_MODULES_FILE, seen.join('\\n')));",
      "process.on('exit', () => fs.writeFileSync(`${process.env.TRACK_MODULES_FILE}.internal`, process.moduleLoadList.join('\\n')));",
    ].join('\n'),
  );
  await server.start();
  const warm = await spawnLoaded(['--zone', 'local', 'catalog', 'list', '--json'], {}, tmp.dir, [DGW_BIN]);
  if (warm.code !== 0) throw new Error(`the local data folder could not be prepared: ${warm.stderr}`);
  server.on('GET', '/data/projects/p1/catalogs', { json: [{ id: 'c1', name: 'svc', displayName: 'Queries', catalogType: 'query', connectionId: null }] });
  server.on('POST', '/data/projects/p1/queries', {
    json: { id: 'q1', name: 'revenue', displayName: 'Revenue', inputQuery: 'SELECT 1', queryType: 'PLAIN', schedule: null, path: null, folderId: null },
  });
});

afterAll(async () => {
  await server.close();
  tmp.remove();
});

describe('hosted-zone commands load neither DuckDB nor the local gateway', () => {
  it('catalog list --json', async () => {
    const r = await loadedBy(['catalog', 'list', '--json'], remoteEnv());
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
    // The command really ran through its own modules (so an empty list could not pass).
    expect(r.sources).toContain('src/commands/catalog/list.ts');
    expect(gatewayOrDuckdb(r)).toEqual([]);
    // Only the catalog noun is loaded, not every command's code: nothing from another noun's
    // folder (the small helpers all nouns share, src/commands/*.ts, travel with the core chunk).
    expect(r.sources.filter((s) => /^src\/commands\/[^/]+\//.test(s) && !s.startsWith('src/commands/catalog/'))).toEqual([]);
  });

  it('query create --json', async () => {
    const r = await loadedBy(['query', 'create', 'Revenue', '--sql', 'SELECT 1', '--json'], remoteEnv());
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe('q1');
    expect(r.sources).toContain('src/commands/query/create.ts');
    expect(gatewayOrDuckdb(r)).toEqual([]);
  });

  it('no command loads the wire schemas or TypeBox (they serve types and tests only)', async () => {
    for (const args of [['catalog', 'list', '--json'], ['query', 'create', 'Revenue', '--sql', 'SELECT 1', '--json'], ['--help']]) {
      const r = await loadedBy(args, remoteEnv());
      expect(r.code).toBe(0);
      expect(r.sources.filter((s) => s.startsWith('src/wire/') || fromPackage('typebox')(s))).toEqual([]);
    }
    // Nor does the local gateway, in either shape.
    const local = await loadedBy(['catalog', 'list', '--json', '--zone', 'local'], { DGW_LOCAL_API_SHAPE: 'hosted' });
    expect(local.code).toBe(0);
    expect(local.sources.filter((s) => s.startsWith('src/wire/') || fromPackage('typebox')(s))).toEqual([]);
    // The check can see a bundled module (the api layer is loaded).
    expect(local.sources).toContain('src/api/catalogs.ts');
  });

  it('the check sees the gateway when it is used (--zone local loads it)', async () => {
    const r = await loadedBy(['catalog', 'list', '--json', '--zone', 'local']);
    expect(r.sources.filter((s) => s.startsWith('src/gateway/')).length).toBeGreaterThan(0);
  });
});

describe('queries as code loads YAML and the diff library only on its own paths', () => {
  const codeModules = (l: Loaded) => l.sources.filter((s) => s.startsWith('src/code/') || fromPackage('yaml')(s) || fromPackage('diff')(s));

  it('plan loads them (so the check can see them)', async () => {
    const dir = path.join(tmp.dir, 'code-plan');
    fs.mkdirSync(path.join(dir, 'queries'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'queries', 'revenue.sql'), '-- ---\n-- displayName: Revenue\n-- ---\nSELECT 1\n');
    server.on('GET', '/data/projects/p1/queries', { json: [] });
    server.on('GET', '/data/projects/p1/queries/folders', { json: { items: [] } });
    const r = await loadedBy(['plan'], remoteEnv(), dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('+ create revenue.sql');
    expect(r.sources.filter(fromPackage('yaml')).length).toBeGreaterThan(0);
    expect(r.sources.filter(fromPackage('diff')).length).toBeGreaterThan(0);
    expect(r.sources).toContain('src/code/diff.ts');
    expect(gatewayOrDuckdb(r)).toEqual([]);
  });

  it('no other command, nor help, nor the whole command tree loads them', async () => {
    for (const args of [['catalog', 'list', '--json'], ['query', 'create', 'Revenue', '--sql', 'SELECT 1', '--json'], ['--help'], ['plan', '--help'], ['help', 'nosuchcommand']]) {
      const r = await loadedBy(args, remoteEnv());
      expect(codeModules(r), args.join(' ')).toEqual([]);
    }
  });
});

describe('jq, YAML, the keychain and the SQL shell load only with their flags', () => {
  const optional = (l: Loaded) => ({
    jq: l.sources.filter((s) => fromPackage('jq-wasm')(s) || s === 'src/output/jq.ts'),
    yaml: l.sources.filter((s) => fromPackage('yaml')(s) || s === 'src/output/yaml.ts'),
    keychain: [...l.sources, ...l.urls].filter((s) => s.includes('@napi-rs/keyring') || s === 'src/config/keychain.ts'),
    shell: [...l.sources, ...l.urls].filter((s) => s.startsWith('src/shell/') || s === 'node:readline' || s.endsWith('/readline')),
    editor: l.sources.filter((s) => s.startsWith('src/editor/')),
  });
  const none = { jq: [], yaml: [], keychain: [], shell: [], editor: [] };

  it('none of them for --help, --version, dgw version, a remote command, a local one or sql with a statement', async () => {
    for (const [args, env] of [
      [['--help'], {}],
      [['--version'], {}],
      [['version', '--json'], {}],
      [['catalog', 'list', '--json'], remoteEnv()],
      [['catalog', 'list'], remoteEnv()],
      [['catalog', 'list', '--json', '--zone', 'local'], {}],
      [['--zone', 'local', 'sql', 'SELECT 1 AS one'], {}],
    ] as Array<[string[], Record<string, string>]>) {
      const r = await loadedBy(args, env);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(optional(r), args.join(' ')).toEqual(none);
    }
  });

  it('a key stored in the file is read without the keychain', async () => {
    const config = path.join(tmp.dir, 'file-key-config');
    fs.mkdirSync(config, { recursive: true });
    fs.writeFileSync(path.join(config, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: server.baseUrl, projectId: 'p1', apiKey: 'file-key-123456', keyBoundTo: server.baseUrl } } }));
    const r = await loadedBy(['catalog', 'list', '--json'], { DGW_CONFIG_DIR: config });
    expect(r.code, r.stderr).toBe(0);
    expect(optional(r).keychain).toEqual([]);
  });

  it('the check sees each one when its flag asks for it', async () => {
    const jq = await loadedBy(['catalog', 'list', '--jq', '.[0].name'], remoteEnv());
    expect(jq.stdout).toBe('svc\n');
    expect(optional(jq).jq.length).toBeGreaterThan(0);
    expect(optional(jq).yaml).toEqual([]);
    const yaml = await loadedBy(['catalog', 'list', '--format', 'yaml'], remoteEnv());
    expect(yaml.stdout).toMatch(/^- id: c1/);
    expect(optional(yaml).yaml.length).toBeGreaterThan(0);
    expect(optional(yaml).jq).toEqual([]);
    // A profile whose key is in the keychain loads it (and, with no keychain here, says so: exit 3).
    const config = path.join(tmp.dir, 'keychain-config');
    fs.mkdirSync(config, { recursive: true });
    fs.writeFileSync(path.join(config, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: server.baseUrl, projectId: 'p1', keychain: 'default:000000000000', keyBoundTo: server.baseUrl } } }));
    const keychain = await loadedBy(['catalog', 'list', '--json'], { DGW_CONFIG_DIR: config });
    expect(keychain.code).toBe(3);
    expect(optional(keychain).keychain.length).toBeGreaterThan(0);
    // ...but not for what needs no key: help, version, the settings explained.
    for (const args of [['catalog', '--help'], ['version'], ['config', 'explain']]) {
      const r = await loadedBy(args, { DGW_CONFIG_DIR: config });
      expect(r.code, args.join(' ')).toBe(0);
      expect(optional(r).keychain, args.join(' ')).toEqual([]);
    }
  });
});

describe('cli-table3, table layout, display widths, times and the pager load only where a table is drawn', () => {
  const layout = (l: Loaded) => ({
    table: l.sources.filter((s) => ['src/output/table.ts', 'src/output/text-width.ts'].includes(s) || fromPackage('cli-table3')(s) || fromPackage('string-width')(s) || fromPackage('get-east-asian-width')(s)),
    times: l.sources.filter((s) => s === 'src/output/times.ts'),
    pager: l.sources.filter((s) => s === 'src/output/pager.ts'),
  });

  it('none of them for --help, --version, JSON or the TSV of a pipe', async () => {
    for (const args of [['--help'], ['--version'], ['catalog', 'list', '--json'], ['catalog', 'list']]) {
      const r = await loadedBy(args, remoteEnv());
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(layout(r), args.join(' ')).toEqual({ table: [], times: [], pager: [] });
    }
  });

  it('the check sees the table modules when a table is drawn (--format table), and still no pager off a terminal', async () => {
    const r = await loadedBy(['catalog', 'list', '--format', 'table'], remoteEnv());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ID +NAME/);
    expect(layout(r).table).toContain('src/output/table.ts');
    expect(layout(r).table.some(fromPackage('cli-table3'))).toBe(true);
    expect(layout(r).table.some(fromPackage('string-width'))).toBe(true);
    expect(layout(r).pager).toEqual([]);
    // No column of a catalog is a time.
    expect(layout(r).times).toEqual([]);
  });

  it('display widths load for a folder tree drawn, not for the other folder commands', async () => {
    const list = await loadedBy(['--zone', 'local', 'folder', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(layout(list).table).toEqual([]);
    const tree = await loadedBy(['--zone', 'local', 'folder', 'tree']);
    expect(tree.code, tree.stderr).toBe(0);
    expect(layout(tree).table).toContain('src/output/text-width.ts');
    expect(layout(tree).table.some(fromPackage('string-width'))).toBe(true);
  });
});

describe('data transfer (multipart, CSV, downloads, progress) loads only on the paths that move data', () => {
  const transfer = (l: Loaded) => l.sources.filter((s) => s.startsWith('src/transfer/') || fromPackage('@fastify/busboy')(s) || s === 'src/gateway/transfer/receive.ts' || s === 'src/gateway/transfer/import-csv.ts');

  it('no other command, nor help, nor the local gateway for other work loads them', async () => {
    for (const [args, env] of [
      [['catalog', 'list', '--json'], remoteEnv()],
      [['query', 'create', 'Revenue', '--sql', 'SELECT 1', '--json'], remoteEnv()],
      [['--help'], {}],
      [['table', 'import', '--help'], {}],
      [['catalog', 'list', '--json', '--zone', 'local'], {}],
      [['--zone', 'local', 'sql', 'SELECT 1 AS one'], {}],
    ] as Array<[string[], Record<string, string>]>) {
      const r = await loadedBy(args, env);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(transfer(r), args.join(' ')).toEqual([]);
    }
  });

  it('table import loads them (so the check can see them), with the gateway\'s multipart reader on the local gateway', async () => {
    const csv = path.join(tmp.dir, 'import.csv');
    fs.writeFileSync(csv, 'a,b\n1,2\n');
    const r = await loadedBy(['--zone', 'local', 'table', 'import', 'startupimport', csv, '--create']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sources).toContain('src/transfer/multipart.ts');
    expect(r.sources.filter(fromPackage('@fastify/busboy')).length).toBeGreaterThan(0);
  });
});

describe('start-up paths load only what they need', () => {
  it('--version loads no command framework, settings or HTTP modules', async () => {
    const r = await loadedBy(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
    for (const pkg of ['commander', 'conf', 'ky', 'yaml', 'chalk']) expect(r.sources.filter(fromPackage(pkg))).toEqual([]);
  });

  for (const args of [['--help'], ['help'], ['query', '--help']]) {
    it(`${args.join(' ')} loads neither conf, ky nor a YAML parser`, async () => {
      const r = await loadedBy(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Usage: dgw');
      for (const pkg of ['conf', 'ky', 'yaml', 'ajv']) expect(r.sources.filter(fromPackage(pkg))).toEqual([]);
      expect(gatewayOrDuckdb(r)).toEqual([]);
    });
  }

  it('version finds DuckDB without loading it', async () => {
    const r = await loadedBy(['version', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).duckdb.present).toBe(true);
    expect(r.sources).toContain('src/commands/version/duckdb-install.ts');
    expect(r.urls.filter((u) => u.includes('@duckdb'))).toEqual([]);
    expect(r.sources.filter((s) => s.startsWith('src/gateway/') && s !== 'src/gateway/paths.ts')).toEqual([]);
  });

  it('help (the root help, rendered live) loads no command\'s code', async () => {
    const r = await loadedBy(['help']);
    expect(r.code).toBe(0);
    expect(r.sources).toContain('src/root.ts');
    expect(r.sources.filter((s) => /^src\/commands\/[^/]+\//.test(s))).toEqual([]);
  });

  // Was the whole tree, every noun loaded: twice the time of `dgw --help`.
  for (const args of [['--zone', 'local', '--help'], ['--profile', 'work', '--json', '-h'], ['--zone', 'local', '--version'], ['--no-color', '-V'], ['--zone', 'local'], ['help', 'exit-codes'], ['help', 'options']]) {
    it(`${args.join(' ')}: the root answers, loading no command's code`, async () => {
      const r = await loadedBy(args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.sources.filter((s) => /^src\/commands\/[^/]+\//.test(s))).toEqual([]);
      expect(gatewayOrDuckdb(r)).toEqual([]);
    });
  }

  it('a remote command reads settings without conf, and without a YAML parser when there is no project file', async () => {
    const r = await loadedBy(['catalog', 'list', '--json'], remoteEnv());
    expect(r.code).toBe(0);
    expect(r.sources).toContain('src/api/network.ts');
    for (const pkg of ['conf', 'ajv', 'yaml']) expect(r.sources.filter(fromPackage(pkg))).toEqual([]);
  });

  it('a YAML project file is still found (the YAML parser loads for it alone)', async () => {
    const project = path.join(tmp.dir, 'repo');
    fs.mkdirSync(path.join(project, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(project, '.dgwrc.yaml'), 'project: p1\n');
    const { DGW_PROJECT: _omit, ...env } = remoteEnv();
    const r = await loadedBy(['catalog', 'list', '--json'], env, path.join(project, 'sub'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.sources.filter(fromPackage('yaml')).length).toBeGreaterThan(0);
  });
});

describe('a command loads about ten files of the build, not one for every piece of shared code', () => {
  // Node's module loader costs each file 0.2 to 0.4 ms, and lazily loaded files wait for one
  // another: the build regroups esbuild's chunks along the paths commands take
  // (scripts/build/regroup-chunks.mjs). An in-process `dgw sql` loaded 61 files before.
  const distFiles = (l: Loaded) => l.urls.filter((u) => u.startsWith('file:') && new URL(u).pathname.startsWith(path.join(ROOT, 'dist') + path.sep));

  it('in-process sql, query list and catalog list; a remote catalog list and query create', async () => {
    const runs: Array<[string[], Record<string, string>, number]> = [
      [['--zone', 'local', 'sql', 'SELECT 1 AS one'], {}, 13],
      [['--zone', 'local', 'query', 'list', '--json'], {}, 14],
      [['--zone', 'local', 'catalog', 'list', '--json'], {}, 9],
      [['catalog', 'list', '--json'], remoteEnv(), 8],
      [['query', 'create', 'Revenue', '--sql', 'SELECT 1', '--json'], remoteEnv(), 12],
    ];
    for (const [args, env, most] of runs) {
      const r = await loadedBy(args, env);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      const files = distFiles(r);
      // The command ran from the build (an empty list could not pass).
      expect(files.length, args.join(' ')).toBeGreaterThan(2);
      expect(files.length, `${args.join(' ')}: ${files.map((u) => path.basename(u)).join(' ')}`).toBeLessThanOrEqual(most);
    }
  });
});

describe("Node's fetch library (undici) and ky load only with a request over the network: undici alone costs more than the rest of a command's start-up", () => {
  const undici = (l: Loaded) => l.internals.filter((m) => /undici|http2/.test(m));
  const ky = (l: Loaded) => l.sources.filter(fromPackage('ky'));

  it('the check sees it where fetch is used', async () => {
    const r = await loadedBy(['-e', 'globalThis.Request'], {}, tmp.dir, []);
    expect(r.code, r.stderr).toBe(0);
    expect(undici(r).length).toBeGreaterThan(0);
  });

  it('remote commands send their requests through ky and fetch, loaded with the first request', async () => {
    for (const args of [['catalog', 'list', '--json'], ['query', 'create', 'Revenue', '--sql', 'SELECT 1', '--json']]) {
      const r = await loadedBy(args, remoteEnv());
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.sources, args.join(' ')).toContain('src/api/network.ts');
      expect(ky(r).length, args.join(' ')).toBeGreaterThan(0);
      expect(undici(r).length, args.join(' ')).toBeGreaterThan(0);
    }
  });

  it('a remote command that sends nothing (a dry run, settings explained) loads neither', async () => {
    for (const args of [['query', 'create', 'Revenue', '--sql', 'SELECT 1', '--dry-run'], ['config', 'explain']]) {
      const r = await loadedBy(args, remoteEnv());
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.sources, args.join(' ')).not.toContain('src/api/network.ts');
      expect(ky(r), args.join(' ')).toEqual([]);
      expect(undici(r), args.join(' ')).toEqual([]);
    }
  });

  it('in-process commands hand their requests to the gateway, with no HTTP at all', async () => {
    // The first in-process command of a data folder makes its keys (and needs node:crypto for
    // that); the economy is of every command after it, which is why beforeAll warms the folder.
    for (const args of [['--zone', 'local', 'sql', 'SELECT 1 AS one'], ['--zone', 'local', 'query', 'list', '--json'], ['--zone', 'local', 'catalog', 'list', '--json']]) {
      const r = await loadedBy(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.sources, args.join(' ')).toContain('src/gateway/in-process.ts');
      expect(undici(r), args.join(' ')).toEqual([]);
      expect(ky(r), args.join(' ')).toEqual([]);
      expect(r.internals.filter((m) => /^NativeModule (http|https)$/.test(m)), args.join(' ')).toEqual([]);
      // With the partner key nothing needs node:crypto either (4 ms to load).
      expect(r.internals, args.join(' ')).not.toContain('NativeModule crypto');
    }
  });

  it('a command sent to a running dgw serve', async () => {
    const { spawnServe } = await import('./gateway/helpers.js');
    const dataDir = path.join(tmp.dir, 'served');
    const served = await spawnServe(dataDir, path.join(tmp.dir, 'config'));
    try {
      const r = await loadedBy(['--zone', 'local', 'sql', 'SELECT 1 AS one'], { DGW_LOCAL_DIR: dataDir });
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe('1\n');
      // Reaching the server takes the lock, the keys (read as any JSON file of the folder) and the proof: none of the gateway itself.
      expect(r.sources.filter((s) => s.startsWith('src/gateway/')).sort()).toEqual(
        ['connect.ts', 'holder-proof.ts', 'json-file.ts', 'keys.ts', 'lock.ts', 'mutex.ts', 'paths.ts'].map((f) => `src/gateway/${f}`),
      );
      expect(r.sources).toContain('src/api/network.ts');
      expect(ky(r).length).toBeGreaterThan(0);
      expect(undici(r).length).toBeGreaterThan(0);
      // The proof needs an HMAC, not WebCrypto, which an ES import of node:crypto would load too.
      expect(r.internals).not.toContain('NativeModule internal/crypto/webcrypto');
    } finally {
      await served.stop();
    }
  });

  it('data in and out in-process: the upload and the download pass through the gateway with no HTTP', async () => {
    const csv = path.join(tmp.dir, 'undici-import.csv');
    fs.writeFileSync(csv, 'a,b\n1,2\n3,4\n');
    const out = path.join(tmp.dir, 'undici-export.csv');
    const runs: string[][] = [
      ['--zone', 'local', 'table', 'import', 'undicitable', csv, '--create'],
      ['--zone', 'local', 'query', 'create', 'undiciquery', '--sql', 'SELECT * FROM svc.table.undicitable', '-q'],
      ['--zone', 'local', 'query', 'export', 'undiciquery', '--format', 'csv', '-o', out],
      ['--zone', 'local', 'sql', 'SELECT sum(a) AS s FROM svc.table.undicitable'],
    ];
    for (const args of runs) {
      const r = await loadedBy(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.sources, args.join(' ')).toContain('src/gateway/in-process.ts');
      expect(undici(r), args.join(' ')).toEqual([]);
      expect(ky(r), args.join(' ')).toEqual([]);
      expect(r.internals.filter((m) => /^NativeModule (http|https)$/.test(m)), args.join(' ')).toEqual([]);
      if (args.includes('sql')) expect(r.stdout).toBe('4\n');
    }
    expect(fs.readFileSync(out, 'utf8')).toBe('a,b\n1,2\n3,4\n');
  });

  it('data in and out over the network: the multipart upload, run SQL read as it arrives, the download link', async () => {
    const { spawnServe } = await import('./gateway/helpers.js');
    const dataDir = path.join(tmp.dir, 'served-data');
    const served = await spawnServe(dataDir, path.join(tmp.dir, 'config'));
    const csv = path.join(tmp.dir, 'undici-served.csv');
    fs.writeFileSync(csv, 'a,b\n1,2\n3,4\n');
    const out = path.join(tmp.dir, 'undici-served-export.csv');
    // The served gateway reached as a remote service is: its base URL and a key.
    const remote = { DGW_BASE_URL: served.baseUrl, DGW_API_KEY: served.partnerKey, DGW_PROJECT: 'demo' };
    try {
      for (const args of [
        ['table', 'import', 'servedtable', csv, '--create'],
        ['query', 'create', 'servedquery', '--sql', 'SELECT * FROM svc.table.servedtable', '-q'],
        ['query', 'export', 'servedquery', '--format', 'csv', '-o', out],
        ['sql', 'SELECT sum(a) AS s FROM svc.table.servedtable'],
      ]) {
        const r = await loadedBy(args, remote);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
        expect(r.sources, args.join(' ')).toContain('src/api/network.ts');
        expect(undici(r).length, args.join(' ')).toBeGreaterThan(0);
        if (args[0] === 'sql') expect(r.stdout).toBe('4\n');
      }
      expect(fs.readFileSync(out, 'utf8')).toBe('a,b\n1,2\n3,4\n');
    } finally {
      await served.stop();
    }
  });

  it('help and version', async () => {
    for (const args of [['--help'], ['--version'], ['help'], ['query', '--help']]) {
      const r = await loadedBy(args);
      expect(r.code).toBe(0);
      expect(undici(r), args.join(' ')).toEqual([]);
      expect(ky(r), args.join(' ')).toEqual([]);
    }
  });
});
