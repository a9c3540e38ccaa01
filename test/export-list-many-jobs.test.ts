import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { transferFolder } from './support/transfer-folder.js';

// `dgw export list` on the local gateway reads every job's record (job.json) of the project. It
// reads them several at a time, not one after another, and still lists them newest first, every
// one, skipping a record that is damaged or missing as before. That the reads overlap is proved
// without a clock: two records are named pipes, fed in the reverse of the order the folder lists
// them. A reader that reads one record after another waits on the first pipe for ever (its writer
// waits for the second to be opened); one that reads them together gets both.

const tmp = tempDir('dgw-export-list-');
const data = path.join(tmp.dir, 'data');
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: data, DGW_ZONE: 'local' };
/** The project's exports folder, once the first command made it. */
let exportsDir = '';
afterAll(() => tmp.remove());

const JOBS = 200;
const now = Date.now();

/** A job's record as the local gateway keeps it: job `i` was made `i` seconds before the newest. */
function record(id: string, i: number): object {
  return {
    id,
    status: i % 3 === 0 ? 'FAILED' : 'SUCCEEDED',
    spec: { format: 'CSV', compression: 'NONE', csv: { delimiter: ',', quote: '"', newLine: '\n', header: true, nullValue: '' } },
    queryId: '709922802836177297',
    source: 'svc.query.q',
    createdAt: now - i * 1000,
    finishedAt: now - i * 1000 + 10,
    ...(i % 3 === 0 ? { error: `failure ${i}` } : { rowCount: i, bytes: i * 10 }),
    files: [],
  };
}

/** Writes `text` into the named pipe `fifo`; fails when no reader opens it within `ms` (and frees the writer). */
async function feed(fifo: string, text: string, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The pending open for writing completes once a reader opens the pipe: this one, at once.
      fs.closeSync(fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK));
      reject(new Error(`nobody read ${path.basename(path.dirname(fifo))}/job.json within ${ms} ms: the records are read one after another`));
    }, ms);
  });
  const written = fs.promises.writeFile(fifo, text);
  written.catch(() => undefined);
  try {
    await Promise.race([written, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('export list on the local gateway, with many jobs', () => {
  const ids: string[] = Array.from({ length: JOBS }, () => randomUUID());
  let piped: string[] = [];

  beforeAll(async () => {
    // The project exists, with no export yet.
    const first = await runAsBinaryWould(['export', 'list', '--json'], { env });
    expect([first.code, first.stdout.trim()], first.stderr).toEqual([0, '[]']);
    exportsDir = path.join(transferFolder(data), 'exports');
    fs.mkdirSync(exportsDir, { recursive: true });
    // Two of the jobs' records are named pipes; the rest files.
    piped = [ids[17], ids[150]];
    ids.forEach((id, i) => {
      fs.mkdirSync(path.join(exportsDir, id));
      const file = path.join(exportsDir, id, 'job.json');
      if (piped.includes(id)) execFileSync('mkfifo', [file]);
      else fs.writeFileSync(file, JSON.stringify(record(id, i)));
    });
    // A job whose record is damaged, and one whose record is missing: left out, as before.
    fs.mkdirSync(path.join(exportsDir, randomUUID()));
    const damaged = path.join(exportsDir, randomUUID());
    fs.mkdirSync(damaged);
    fs.writeFileSync(path.join(damaged, 'job.json'), '{"id": "cut sh');
  });

  it(`lists all ${JOBS}, newest first, reading their records together (two named pipes fed in reverse order are both read)`, async () => {
    const list = startDgw(['export', 'list', '--limit', String(JOBS), '--json'], { env });
    // The folder's own order, as the gateway's readdir sees it; fed last first.
    const order = fs.readdirSync(exportsDir).filter((name) => piped.includes(name));
    expect(order).toHaveLength(2);
    try {
      for (const id of order.reverse()) await feed(path.join(exportsDir, id, 'job.json'), JSON.stringify(record(id, ids.indexOf(id))), 45_000);
    } catch (error) {
      list.child.kill('SIGKILL');
      throw error;
    }
    const { code } = await list.exited;
    expect(code, list.stderr()).toBe(0);
    const jobs = JSON.parse(list.stdout()) as Array<{ id: string; status: string; createdAt: string; error: string | null; rowCount: number | null }>;
    expect(jobs.map((j) => j.id)).toEqual(ids);
    expect(jobs.map((j) => Date.parse(j.createdAt))).toEqual(ids.map((_, i) => now - i * 1000));
    expect(jobs[3]).toMatchObject({ status: 'FAILED', error: 'failure 3', rowCount: null });
    expect(jobs[4]).toMatchObject({ status: 'SUCCEEDED', error: null, rowCount: 4 });
  }, 60_000);

  it('the damaged and the missing records are left out; the rest are read again the same', async () => {
    // The pipes are plain files now: a second list reads the same jobs.
    for (const id of piped) {
      const file = path.join(exportsDir, id, 'job.json');
      fs.rmSync(file);
      fs.writeFileSync(file, JSON.stringify(record(id, ids.indexOf(id))));
    }
    const r = await runAsBinaryWould(['export', 'list', '--limit', String(JOBS), '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ id: string }>).map((j) => j.id)).toEqual(ids);
    expect(fs.readdirSync(exportsDir)).toHaveLength(JOBS + 2);
  });
});
