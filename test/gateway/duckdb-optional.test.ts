import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DGW_BIN } from '../support/dgw.js';
import { tempDir } from './helpers.js';

// DuckDB is an optional dependency: commands for the hosted zones never load it, and an install
// without it runs them all and says clearly what `--zone local` is missing.

const ROOT = resolve(DGW_BIN, '../..');
const tmp = tempDir('dgw-noduck-');
let server: Server;
let baseUrl: string;

function run(bin: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && k !== 'NODE_OPTIONS'));
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { env: { ...base, DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'data'), ...env }, timeout: 20_000 }, (error, stdout, stderr) => {
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  // A stand-in for a hosted zone: answers the catalog list.
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/v1/data/projects/p1/catalogs') {
      res.end(JSON.stringify([{ id: 'c1', name: 'peaka', displayName: 'Queries', catalogType: 'query', connectionId: null }]));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ errorCode: 404, message: 'not here' }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  tmp.remove();
});

const hosted = () => ['catalog', 'list', '--base-url', baseUrl, '--project', 'p1', '--json'];

describe('hosted-zone commands never load DuckDB', () => {
  // A module hook records every specifier naming DuckDB that the process resolves.
  const log = join(tmp.dir, 'resolved.log');
  const hook = join(tmp.dir, 'hook.mjs');
  const opts = () => ({ NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`, DGW_TEST_RESOLVE_LOG: log, DGW_API_KEY: 'k' });

  beforeAll(() => {
    writeFileSync(
      hook,
      `import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
registerHooks({
  resolve(specifier, context, next) {
    if (specifier.includes('duckdb')) appendFileSync(process.env.DGW_TEST_RESOLVE_LOG, specifier + '\\n');
    return next(specifier, context);
  },
});
`,
    );
  });

  it('catalog list against a hosted stand-in resolves no DuckDB module', async () => {
    writeFileSync(log, '');
    const r = await run(DGW_BIN, hosted(), opts());
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ id: 'c1' });
    expect(readFileSync(log, 'utf8')).toBe('');
  });

  it('the same hook sees DuckDB loaded by --zone local (so the check above can fail)', async () => {
    writeFileSync(log, '');
    const r = await run(DGW_BIN, ['--zone', 'local', 'sql', 'select 1 as one', '--json'], { ...opts(), DGW_API_KEY: '' });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(log, 'utf8')).toContain('@duckdb/node-bindings');
  });
});

describe('an install without the optional dependency', () => {
  // bin/ and dist/ are self-contained except for DuckDB (left external by the build), so a copy
  // of them with no node_modules is what `npm install --omit=optional` leaves behind.
  const pkg = join(tmp.dir, 'pkg');
  beforeAll(() => {
    cpSync(join(ROOT, 'bin'), join(pkg, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'dist'), join(pkg, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  });

  it('cannot resolve DuckDB from the copy', () => {
    expect(existsSync(join(pkg, 'node_modules'))).toBe(false);
  });

  it('still runs hosted-zone commands', async () => {
    const r = await run(join(pkg, 'bin', 'dgw.js'), hosted(), { DGW_API_KEY: 'k' });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ id: 'c1', catalogType: 'query' });
  });

  it('dgw version says DuckDB is not installed', async () => {
    const r = await run(join(pkg, 'bin', 'dgw.js'), ['version', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).duckdb).toEqual({ present: false, version: null, binding: null });
    const text = await run(join(pkg, 'bin', 'dgw.js'), ['version']);
    expect(text.stdout).toMatch(/^DUCKDB\tnot installed \(--zone local needs the optional dependency @duckdb\/node-api\)$/m);
  });

  it('gives a clear message (exit 2, no stack trace) for --zone local', async () => {
    const r = await run(join(pkg, 'bin', 'dgw.js'), ['--zone', 'local', 'sql', 'select 1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: the local gateway needs DuckDB \(the optional dependency @duckdb\/node-api\)/);
    expect(r.stderr).toMatch(/hint: .*--include=optional/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const serve = await run(join(pkg, 'bin', 'dgw.js'), ['serve', '--port', '0', '--data-dir', join(tmp.dir, 'serve-data')]);
    expect(serve.code).toBe(2);
    expect(serve.stderr).toMatch(/@duckdb\/node-api/);
  });
});
