import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DGW_BIN, tempDir } from './support/dgw.js';

// `npm link` runs bin/dgw.js on the system Node, which may be older than 22: dgw says so at
// start-up (exit 2) instead of running on it without a word. A preload pretends to be Node 20.

const tmp = tempDir('dgw-old-node-');
afterAll(() => tmp.remove());
const preload = path.join(tmp.dir, 'pretend-node-20.cjs');
writeFileSync(preload, "Object.defineProperty(process.versions, 'node', { value: '20.18.1' });\n");
const env = { PATH: process.env.PATH ?? '', DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local') };

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('a Node.js older than 22', () => {
  it('is refused at start-up with exit 2, naming the version and what to do; nothing is run', async () => {
    const r = await run(['-r', preload, DGW_BIN, '--zone', 'local', 'query', 'list']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('dgw needs Node.js 22.3 or later; this is Node.js 20.18.1');
    expect(r.stderr).toContain('npx dgw');
  });

  it('Node.js 22.0 to 22.2 are refused the same way (they lack process.getBuiltinModule: a stack trace, exit 1)', async () => {
    const early = path.join(tmp.dir, 'pretend-node-22-2.cjs');
    writeFileSync(early, "Object.defineProperty(process.versions, 'node', { value: '22.2.0' }); delete process.getBuiltinModule;\n");
    const r = await run(['-r', early, DGW_BIN, '--version']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('dgw needs Node.js 22.3 or later; this is Node.js 22.2.0');
  });

  it('the supported Node runs the same command', async () => {
    const r = await run([DGW_BIN, '--zone', 'local', 'query', 'list', '-q']);
    expect(r.code, r.stderr).toBe(0);
  });
});
