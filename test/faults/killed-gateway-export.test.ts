import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServe } from '../gateway/helpers.js';
import { tempDir } from '../support/dgw.js';
import { transferFolder } from '../support/transfer-folder.js';
import { localDgw } from '../support/local-faults.js';

// A `dgw serve` killed (SIGKILL) while an export runs leaves the job's record saying RUNNING and
// DuckDB's half-written `.part` file in the data folder. The next gateway on the folder (which
// holds it alone, so runs every job of it) tells the truth about such a job: FAILED, saying the
// gateway stopped, its partial file removed. (It said RUNNING for ever: `export get -o` was exit
// 5, "try again when it is done", and the partial file stayed, past the 7-day retention too.)

const tmp = tempDir('dgw-killed-export-');
afterAll(() => tmp.remove());

/** Enough rows that the export still runs when the server is killed. */
const SLOW_EXPORT_SQL = "SELECT i AS id, repeat('x', 200) AS pad FROM range(200000000) t(i)";

describe('an export whose gateway was killed mid-COPY', () => {
  it('is FAILED, saying the gateway stopped, on the next gateway (in-process); its partial file removed; get -o is exit 10 with nothing under -o', async () => {
    const data = path.join(tmp.dir, 'data');
    const config = path.join(tmp.dir, 'config');
    const dgw = localDgw(data, config);
    const server = await spawnServe(data, config);
    let id: string;
    try {
      expect((await dgw(['query', 'create', 'slow', '--sql', SLOW_EXPORT_SQL, '-q'])).code).toBe(0);
      const started = await dgw(['query', 'export', 'slow', '--no-wait']);
      expect(started.code, started.stderr).toBe(0);
      id = started.stdout.trim();
      // Killed once DuckDB is writing the file.
      const folder = path.join(transferFolder(data), 'exports', id);
      const deadline = Date.now() + 30_000;
      while (!fs.readdirSync(folder).some((f) => f.endsWith('.part') && fs.statSync(path.join(folder, f)).size > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(fs.readdirSync(folder).filter((f) => f.endsWith('.part'))).toHaveLength(1);
    } finally {
      await server.stop('SIGKILL');
    }

    const job = await dgw(['export', 'get', id, '--json', 'status,error']);
    expect(job.code, job.stderr).toBe(0);
    expect(JSON.parse(job.stdout)).toEqual({ status: 'FAILED', error: expect.stringMatching(/the gateway stopped while this export ran/) });
    expect(fs.readdirSync(path.join(transferFolder(data), 'exports', id))).toEqual(['job.json']);

    const out = path.join(tmp.dir, 'out.csv');
    const get = await dgw(['export', 'get', id, '-o', out]);
    expect([get.code, get.stderr]).toEqual([10, expect.stringMatching(/export .* failed: the gateway stopped/)]);
    expect(fs.readdirSync(tmp.dir).filter((f) => f.includes('out.csv'))).toEqual([]);

    const list = await dgw(['export', 'list', '--json', 'id,status']);
    expect(JSON.parse(list.stdout)).toEqual([{ id, status: 'FAILED' }]);
  });

  it('gives its disk back when the next export starts, before anyone reads it; a finished export past its retention too', async () => {
    const data = path.join(tmp.dir, 'unread');
    const dgw = localDgw(data, path.join(tmp.dir, 'unread-config'));
    expect((await dgw(['query', 'create', 'small', '--sql', 'SELECT 1 AS one', '-q'])).code).toBe(0);
    let n = 0;
    const exported = async () => {
      const r = await dgw(['query', 'export', 'small', '-o', path.join(tmp.dir, `small-${(n += 1)}.csv`), '--json', 'id']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout).id as string;
    };
    // What a killed gateway leaves (the test above): a record saying RUNNING and a partial file. And a job a week and a day old.
    const [killed, old] = [await exported(), await exported()];
    const exports = path.join(transferFolder(data), 'exports');
    const record = (id: string) => path.join(exports, id, 'job.json');
    const edit = (id: string, change: object) => fs.writeFileSync(record(id), JSON.stringify({ ...JSON.parse(fs.readFileSync(record(id), 'utf8')), ...change }));
    edit(killed, { status: 'RUNNING', files: [] });
    for (const f of fs.readdirSync(path.join(exports, killed))) if (f !== 'job.json') fs.renameSync(path.join(exports, killed, f), path.join(exports, killed, `${f}.part`));
    edit(old, { createdAt: Date.now() - 8 * 24 * 3600 * 1000 });
    expect(fs.readdirSync(path.join(exports, killed)).filter((f) => f.endsWith('.part'))).toHaveLength(1);
    expect(fs.readdirSync(path.join(exports, old))).toHaveLength(2);

    await exported();
    expect(fs.readdirSync(path.join(exports, killed))).toEqual(['job.json']);
    expect(fs.readdirSync(path.join(exports, old))).toEqual(['job.json']);
    expect(JSON.parse(fs.readFileSync(record(killed), 'utf8')).status).toBe('FAILED');
    expect(JSON.parse(fs.readFileSync(record(old), 'utf8')).status).toBe('EXPIRED');
  });
});
