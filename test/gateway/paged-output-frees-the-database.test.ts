import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, startDgw } from '../support/dgw.js';
import { tempDir } from './helpers.js';

// An in-process command whose table is in a pager has released the data folder, yet its process
// lives on while a person reads. DuckDB's lock on the project's file must go with the folder's:
// another command run meanwhile works at once, instead of waiting 3 s and being told (exit 12)
// that "another program" holds the database.

const tmp = tempDir('dgw-paged-free-');
afterAll(() => tmp.remove());

describe('an in-process command reading in a pager', () => {
  const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'data'), DGW_ZONE: 'local', COLUMNS: '80', LINES: '5' };

  it('leaves the project to the next command while the pager is open', async () => {
    for (let i = 1; i <= 6; i++) {
      const made = await runDgw(['query', 'create', `Paged ${i}`, '--sql', `SELECT ${i} AS n`, '--json'], { env });
      expect(made.code, made.stderr).toBe(0);
    }
    // A pager that says it has the table, then holds it until the test lets it go.
    const release = path.join(tmp.dir, 'release');
    const started = path.join(tmp.dir, 'pager-started');
    const pager = path.join(tmp.dir, 'pager.sh');
    fs.writeFileSync(pager, `#!/bin/sh\ncat > /dev/null\ntouch '${started}'\nwhile [ ! -e '${release}' ]; do sleep 0.05; done\n`, { mode: 0o755 });
    const reading = startDgw(['query', 'list'], { terminal: true, env: { ...env, DGW_PAGER: pager } });
    try {
      // However long a busy machine takes to get there; a dgw that ends first never paged.
      let ended = false;
      void reading.exited.then(() => (ended = true));
      while (!fs.existsSync(started) && !ended) await new Promise((r) => setTimeout(r, 50));
      expect(fs.existsSync(started), reading.stdout()).toBe(true);
      // With DuckDB's lock still held by the paging process, this waited 3 s and ended with exit 12.
      const next = await runDgw(['query', 'create', 'While paged', '--sql', 'SELECT 7 AS n', '--json'], { env });
      expect(next.code, next.stderr).toBe(0);
    } finally {
      fs.writeFileSync(release, '');
      await reading.exited;
    }
  }, 60_000);
});
