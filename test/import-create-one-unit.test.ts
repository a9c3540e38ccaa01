import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDgw, tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `table import --create` makes the table and fills it as one unit: on the local gateway the table
// is made in the import's own transaction, so a command stopped at any point (even by SIGKILL)
// leaves no table, and running it again works (it failed with 409: the table was left behind).
// Its columns keep each value's text where their type would not print it back as written.

const tmp = tempDir('dgw-import-unit-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });
const tables = async () => (JSON.parse((await dgw('table', 'list', '--json', 'tableName')).stdout) as Array<{ tableName: string }>).map((t) => t.tableName);

describe('table import --create on the local gateway', () => {
  it('killed (SIGKILL) while its rows are on the way: no table is left, and the same command then works', async () => {
    const fifo = path.join(tmp.dir, 'rows.csv');
    execFileSync('mkfifo', [fifo]);
    const run = startDgw(['--debug', 'table', 'import', 'killed', fifo, '--create'], { env });
    const writer = fs.createWriteStream(fifo);
    // The killed reader closes the pipe: the rest of what is written has nowhere to go.
    writer.on('error', () => undefined);
    // More than the first MiB, which dgw reads to type the columns before anything is sent.
    writer.write(`zip,n\n${Array.from({ length: 120_000 }, (_, i) => `${String(i).padStart(5, '0')},${i}`).join('\n')}\n`);
    // The import's request has begun: the old way had made the table (and its columns) by then.
    await run.waitForOutput('/table/killed/import');
    run.child.kill('SIGKILL');
    await run.exited;
    writer.destroy();
    expect(await tables()).not.toContain('killed');
    const file = path.join(tmp.dir, 'rows-again.csv');
    fs.writeFileSync(file, 'zip,n\n00123,1\n04567,2\n');
    const again = await dgw('table', 'import', 'killed', file, '--create');
    expect(again.code, again.stderr).toBe(0);
    expect(await tables()).toContain('killed');
  });

  it('a file refused at its third line leaves no table; the table exists only once a whole file went in', async () => {
    const bad = path.join(tmp.dir, 'bad.csv');
    fs.writeFileSync(bad, `n,label\n${Array.from({ length: 2100 }, (_, i) => `${i},x`).join('\n')}\nnot a number,y\n`);
    const r = await dgw('table', 'import', 'refused', bad, '--create');
    expect(r.code).toBe(6);
    expect(await tables()).not.toContain('refused');
  });

  it('keeps the text of postal codes, ids and signed numbers that a number would print otherwise', async () => {
    const file = path.join(tmp.dir, 'codes.csv');
    fs.writeFileSync(file, 'zip,plus,n,amount\n00123,+5,1,1.50\n10115,+7,-2,-0.5\n');
    expect((await dgw('table', 'import', 'codes', file, '--create')).code).toBe(0);
    const r = await dgw('sql', 'SELECT zip, plus, n, amount FROM svc.table.codes ORDER BY n DESC', '--format', 'csv');
    expect(r.stdout).toBe('zip,plus,n,amount\n00123,+5,1,1.500\n10115,+7,-2,-0.500\n');
  });
});
