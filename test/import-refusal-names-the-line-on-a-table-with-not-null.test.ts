import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A bad line in a file for a table with a NOT NULL column the file leaves empty: the search for the
// line inserted again, the constraint failed too, and the message was DuckDB's whole CSV dump
// ("Conversion Error: CSV Error on Line: 1 — Original Line: ... — Possible solutions: ...").

const tmp = tempDir('dgw-import-not-null-refusal-');
afterAll(() => tmp.remove());

describe('an import with a bad line into a table with a NOT NULL column', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('is refused naming the line, the column and the value, as for any table', async () => {
    await dgw('table', 'create', 'people', '--column', 'id:BIGINT', '--column', 'name:VARCHAR');
    await dgw('table', 'update-column', 'people', 'name', '--not-null');
    const file = join(tmp.dir, 'ids.csv');
    writeFileSync(file, 'id\n1\nx\n');
    const r = await run('table', 'import', 'people', file);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('line 3: "x" in column "id" is not a BIGINT (the line: x)');
    expect(await dgw('sql', 'SELECT count(*) FROM svc.table.people')).toBe('0\n');
  });

  // A NOT NULL column left empty was refused naming no line ("Constraint Error: NOT NULL constraint failed: people.name").
  it('an empty field for a NOT NULL column is refused naming its line (counting lines within quotes)', async () => {
    const file = join(tmp.dir, 'names.csv');
    writeFileSync(file, 'id,name\n1,"a\nb"\n2,""\n3,\n4,d\n');
    const r = await run('table', 'import', 'people', file);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('line 5: column "name" is empty, and name is NOT NULL (the line: 3,)');
    // Quoted without its carriage return, and cut after 120 characters as the reader's refusals are.
    const mapped = ['--map', 'id=id', '--map', 'name=name'];
    writeFileSync(file, 'id,name,note\r\n1,a,b\r\n2,,b\r\n');
    expect((await run('table', 'import', 'people', file, ...mapped)).stderr).toContain('line 3: column "name" is empty, and name is NOT NULL (the line: 2,,b)');
    writeFileSync(file, `id,name,note\n2,,${'x'.repeat(200)}\n`);
    expect((await run('table', 'import', 'people', file, ...mapped)).stderr).toContain(`line 2: column "name" is empty, and name is NOT NULL (the line: 2,,${'x'.repeat(117)}…)`);
    writeFileSync(file, 'id\n1\n');
    expect((await run('table', 'import', 'people', file)).stderr).toContain('column name is NOT NULL, and no column of the file goes into it');
    expect(await dgw('sql', 'SELECT count(*) FROM svc.table.people')).toBe('0\n');
  });
});
