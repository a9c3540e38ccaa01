import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DGW_BIN, runDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// `dgw version` says what a bug report needs: dgw, Node.js, the platform, whether DuckDB is
// installed (found, not loaded), and the folders dgw uses. `dgw --version` stays the number alone:
// bin/dgw.js answers it before loading dgw. The number is the build's (src has 0.0.0-dev), so the
// tests that read it run the built binary; the one that reads no number runs in this process.

const ROOT = path.resolve(path.dirname(DGW_BIN), '..');
const pkgVersion = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
const tmp = tempDir('dgw-version-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'data') };

describe('dgw version', () => {
  it('--json: dgw, node, platform, DuckDB and the folders', async () => {
    const r = await runDgw(['version', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      version: pkgVersion(ROOT),
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      duckdb: { present: true, version: pkgVersion(path.join(ROOT, 'node_modules/@duckdb/node-api')), binding: `@duckdb/node-bindings-${process.platform}-${process.arch}` },
      configDir: env.DGW_CONFIG_DIR,
      localDataDir: env.DGW_LOCAL_DIR,
    });
  });

  it('in a pipe: field<TAB>value lines', async () => {
    const r = await runDgw(['version'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`VERSION\t${pkgVersion(ROOT)}\n`);
    expect(r.stdout).toContain(`NODE\t${process.version}\n`);
    expect(r.stdout).toMatch(/^DUCKDB\t\S+ \(installed\)$/m);
    expect(r.stdout).toContain(`CONFIG DIR\t${env.DGW_CONFIG_DIR}\n`);
  });

  it('creates neither folder', async () => {
    await runAsBinaryWould(['version'], { env });
    expect(fs.existsSync(env.DGW_CONFIG_DIR)).toBe(false);
    expect(fs.existsSync(env.DGW_LOCAL_DIR)).toBe(false);
  });

  it('--version is still the number alone', async () => {
    const r = await runDgw(['--version']);
    expect(r.stdout).toBe(`${pkgVersion(ROOT)}\n`);
  });

  it('-V or --version with --json or --jq answers as `dgw version` does: JSON a reader can take, not the bare number', async () => {
    const whole = (await runAsBinaryWould(['version', '--json'], { env })).stdout;
    for (const args of [['-V', '--json'], ['--json', '--version'], ['--zone', 'local', '-V', '--json']]) {
      const r = await runAsBinaryWould(args, { env });
      expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([0, whole, '']);
    }
    expect(JSON.parse((await runAsBinaryWould(['-V', '--json=version'], { env })).stdout)).toEqual({ version: JSON.parse(whole).version });
    expect((await runAsBinaryWould(['--jq', '.node', '-V'], { env })).stdout).toBe(`${process.version}\n`);
  });
});
