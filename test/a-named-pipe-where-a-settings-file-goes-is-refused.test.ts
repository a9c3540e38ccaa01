import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';

// A named pipe in the place of config.json, its lock, keys.json, gateway.lock or a project's
// database: opening it to read waits for a writer that never comes, and the user store is read
// synchronously, so dgw hung past Ctrl-C and SIGTERM. It is said at once (exit 13), naming the
// file, as a folder in its place is. Spawned: a hang must not take the test's own process with it.
let config: ReturnType<typeof tempDir>;
let data: ReturnType<typeof tempDir>;
beforeEach(() => {
  config = tempDir('dgw-fifo-config-');
  data = tempDir('dgw-fifo-data-');
});
afterEach(() => {
  config.remove();
  data.remove();
});

const dgw = (...args: string[]) => runDgw(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: config.dir, DGW_LOCAL_DIR: data.dir }, timeoutMs: 30_000 });
const fifo = (file: string) => execFileSync('mkfifo', [file]);

describe.skipIf(process.platform === 'win32')('a named pipe where dgw keeps a file', () => {
  it('config.json: config explain, config set and query list exit 13 naming it; the pipe is left as it is', async () => {
    const file = path.join(config.dir, 'config.json');
    fifo(file);
    for (const args of [['config', 'explain'], ['config', 'set', 'output', 'json'], ['query', 'list']]) {
      const r = await dgw(...args);
      expect(r.code, r.stderr).toBe(13);
      expect(r.stderr).toContain(`error: cannot use ${file}: it is a named pipe, where dgw keeps a file`);
      expect(r.stderr).toMatch(/^hint: move it aside/m);
    }
    expect(fs.statSync(file).isFIFO()).toBe(true);
  });

  it("the settings' lock file: config set exits 13 naming it", async () => {
    const file = path.join(config.dir, 'config.json.lock');
    fifo(file);
    const r = await dgw('config', 'set', 'output', 'json');
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain(`cannot use ${file}: it is a named pipe`);
  });

  it("a project's database: exit 13 naming it (test/project-database-that-is-not-a-file.test.ts has the other kinds)", async () => {
    fs.mkdirSync(path.join(data.dir, 'projects'), { mode: 0o700 });
    const file = path.join(data.dir, 'projects', 'demo.duckdb');
    fifo(file);
    const r = await dgw('query', 'list');
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain(`the database of project demo cannot be opened: ${file} is a named pipe, not a file`);
    expect(fs.statSync(file).isFIFO()).toBe(true);
  });

  it.each(['keys.json', 'gateway.lock'])("the local gateway's %s: exit 13 naming it", async (name) => {
    const file = path.join(data.dir, name);
    fifo(file);
    const r = await dgw('query', 'list');
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain(`cannot use ${file}: it is a named pipe`);
  });
});
