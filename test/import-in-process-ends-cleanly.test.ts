import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';
import { transferFolder } from './support/transfer-folder.js';

// On the in-process gateway there is no socket to close: an import's upload must still end when
// its source stalls and Ctrl-C comes, and its scratch copy must go whether the import ends or stops.

const tmp = tempDir('dgw-import-ends-');
afterAll(() => tmp.remove());
const data = path.join(tmp.dir, 'local');
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: data, DGW_ZONE: 'local' };
const dgw = (argv: string[], signal?: AbortSignal) => runInProcess(argv, { env, cwd: tmp.dir, signal });
const uploads = () => fs.readdirSync(path.join(transferFolder(data), 'uploads'));
/** The uploads so far; none before the gateway has made its transfer folder. */
const uploadsYet = () => {
  try {
    return uploads();
  } catch {
    return [];
  }
};

describe('table import on the in-process gateway', () => {
  it('from a file: every byte goes in as written (quotes, a line break in a field, CRLF, UTF-8), and no upload is left', async () => {
    const file = path.join(tmp.dir, 'rows.csv');
    const rows = Array.from({ length: 50_000 }, (_, i) => `${i},"say ""hi"" ${i}","two\r\nlines é ${i}"`);
    fs.writeFileSync(file, `n,quote,text\r\n${rows.join('\r\n')}\r\n`);
    const r = await dgw(['table', 'import', 'fromfile', file, '--create']);
    expect(r.code, r.stderr).toBe(0);
    const back = await dgw(['sql', "SELECT count(*) AS rows, sum(n) AS total, max(length(quote)) AS widest, min(text) AS first FROM svc.table.fromfile WHERE text LIKE 'two' || chr(13) || chr(10) || 'lines é %'", '--format', 'csv']);
    expect(back.stdout, back.stderr).toBe(`rows,total,widest,first\n50000,${(49_999 * 50_000) / 2},14,"two\r\nlines é 0"\n`);
    expect(uploads()).toEqual([]);
  });

  it('from a pipe that stalls mid-file: Ctrl-C stops it (exit 130), leaving no upload and no table', async () => {
    const fifo = path.join(tmp.dir, 'stalls.csv');
    execFileSync('mkfifo', [fifo]);
    const writer = fs.createWriteStream(fifo);
    writer.on('error', () => undefined);
    // More than the first MiB, which dgw reads to type the columns; then the pipe stays open and silent.
    writer.write(`n,label\n${Array.from({ length: 150_000 }, (_, i) => `${i},row ${i}`).join('\n')}\n`);
    const ctrlC = new AbortController();
    const run = dgw(['table', 'import', 'stalled', fifo, '--create'], ctrlC.signal);
    let ended = false;
    void run.finally(() => (ended = true));
    // The gateway has begun writing the upload: the import is under way (or it ended early, and the checks below say how).
    while (!ended && uploadsYet().length === 0) await sleep(20);
    ctrlC.abort();
    const r = await run;
    writer.destroy();
    expect(r.code, r.stderr).toBe(130);
    expect(uploads()).toEqual([]);
    const tables = await dgw(['table', 'list', '--json', 'tableName']);
    expect(tables.stdout).not.toContain('stalled');
  });
});
