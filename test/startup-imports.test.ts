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

function loadedBy(args: string[], env: Record<string, string> = {}, cwd = tmp.dir): Promise<Loaded> {
  const list = path.join(tmp.dir, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && k !== 'NODE_OPTIONS'));
  const childEnv = { ...base, DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), ...env, TRACK_MODULES_FILE: list };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', pathToFileURL(preload).href, DGW_BIN, ...args], { env: childEnv, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const urls = fs.existsSync(list) ? fs.readFileSync(list, 'utf8').split('\n').filter(Boolean) : [];
      resolve({ code, stdout, stderr, urls, sources: sourcesOf(urls) });
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
    ].join('\n'),
  );
  await server.start();
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
    // Only the catalog noun is loaded, not every command's code.
    expect(r.sources.filter((s) => s.startsWith('src/commands/') && !s.startsWith('src/commands/catalog/') && s !== 'src/commands/wiring.ts')).toEqual([]);
  });

  it('query create --json', async () => {
    const r = await loadedBy(['query', 'create', 'Revenue', '--sql', 'SELECT 1', '--json'], remoteEnv());
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe('q1');
    expect(r.sources).toContain('src/commands/query/create.ts');
    expect(gatewayOrDuckdb(r)).toEqual([]);
  });

  it('the check sees the gateway when it is used (--zone local loads it)', async () => {
    const r = await loadedBy(['catalog', 'list', '--json', '--zone', 'local']);
    expect(r.sources.filter((s) => s.startsWith('src/gateway/')).length).toBeGreaterThan(0);
  });
});

describe('start-up paths load only what they need', () => {
  it('--version loads no command framework, settings or HTTP modules', async () => {
    const r = await loadedBy(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
    for (const pkg of ['commander', 'conf', 'ky', 'cosmiconfig', 'chalk']) expect(r.sources.filter(fromPackage(pkg))).toEqual([]);
  });

  for (const args of [['--help'], ['help'], ['query', '--help']]) {
    it(`${args.join(' ')} loads neither conf, ky nor cosmiconfig`, async () => {
      const r = await loadedBy(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Usage: dgw');
      for (const pkg of ['conf', 'ky', 'cosmiconfig', 'ajv']) expect(r.sources.filter(fromPackage(pkg))).toEqual([]);
      expect(gatewayOrDuckdb(r)).toEqual([]);
    });
  }

  it('help (the root help, rendered live) loads no command\'s code', async () => {
    const r = await loadedBy(['help']);
    expect(r.code).toBe(0);
    expect(r.sources).toContain('src/root.ts');
    expect(r.sources.filter((s) => /^src\/commands\/[^/]+\//.test(s))).toEqual([]);
  });

  it('a remote command reads settings without conf, and without cosmiconfig when there is no project file', async () => {
    const r = await loadedBy(['catalog', 'list', '--json'], remoteEnv());
    expect(r.code).toBe(0);
    expect(r.sources.filter(fromPackage('ky')).length).toBeGreaterThan(0);
    for (const pkg of ['conf', 'ajv', 'cosmiconfig', 'js-yaml']) expect(r.sources.filter(fromPackage(pkg))).toEqual([]);
  });

  it('a project file is still found (cosmiconfig loads when one may exist)', async () => {
    const project = path.join(tmp.dir, 'repo');
    fs.mkdirSync(path.join(project, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(project, '.dgwrc.json'), JSON.stringify({ project: 'p1' }));
    const { DGW_PROJECT: _omit, ...env } = remoteEnv();
    const r = await loadedBy(['catalog', 'list', '--json'], env, path.join(project, 'sub'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.sources.filter(fromPackage('cosmiconfig')).length).toBeGreaterThan(0);
  });
});
