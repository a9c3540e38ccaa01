import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// `dgw table import T FILE` where FILE is not a regular file (a named pipe, as bash's
// `<(gzip -dc x.gz)` gives; a device) is read as it comes, as stdin is. It was read at offset 0
// like a file: a pipe failed with "cannot read ...: ESPIPE" (exit 2), and /dev/zero, whose size
// says 0, was taken for a file of one NUL byte.

const tmp = tempDir('dgw-import-pipe-');
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'gateway'), DGW_ZONE: 'local' };
const dgw = (...args: string[]) => runAsBinaryWould(args, { env, cwd: tmp.dir });

beforeAll(async () => {
  for (const args of [['table', 'create', 'events'], ['table', 'add-column', 'events', 'id:BIGINT', 'name:VARCHAR']]) {
    const r = await dgw(...args);
    expect(r.code, r.stderr).toBe(0);
  }
}, 60_000);

afterAll(() => tmp.remove());

describe('table import of what is not a regular file', () => {
  it('a named pipe (what <(command) is): every row it carries, in chunks as they are written', async () => {
    const fifo = path.join(tmp.dir, 'rows.csv');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // Written in two goes with a pause between: the import must read to the writer's end, not to a size.
    const writer = spawn('sh', ['-c', `{ printf 'id,name\\n1,one\\n'; sleep 0.3; printf '2,two\\n3,three\\n'; } > '${fifo}'`]);
    try {
      const r = await dgw('table', 'import', 'events', fifo);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('imported 3 rows into events');
      const rows = await dgw('sql', 'SELECT id, name FROM svc.table.events ORDER BY id', '--format', 'csv');
      expect(rows.stdout).toBe('id,name\n1,one\n2,two\n3,three\n');
    } finally {
      writer.kill('SIGKILL');
    }
  }, 60_000);

  it('/dev/zero (a device that never ends): refused as no CSV, exit 2, nothing sent', async () => {
    const r = await dgw('--debug', 'table', 'import', 'events', '/dev/zero');
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('/dev/zero: its first line does not end within the first MiB')]);
    expect(r.stderr).not.toMatch(/→ POST/);
  }, 60_000);
});
