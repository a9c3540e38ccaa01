import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `table update-column T C --not-null` on a table with rows where C is empty answered in DuckDB's
// words ("Constraint Error: NOT NULL constraint failed: places.id"), which says neither that rows
// already there stand in the way, nor how many, nor what to do about them.

const tmp = tempDir('dgw-not-null-over-nulls-');
afterAll(() => tmp.remove());

describe('making a column NOT NULL while rows have it empty', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('is refused naming the column, how many rows and what to do, and changes nothing', async () => {
    await dgw('sql', "CREATE TABLE svc.table.places AS SELECT * FROM (VALUES (1, 'Austin'), (NULL, 'Reno'), (NULL, 'Boise')) t(id, \"city name\")");
    const r = await run('table', 'update-column', 'places', 'id', '--not-null');
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('column id of places is empty (NULL) in 2 rows: give them a value (UPDATE svc.table."places" SET "id" = ... WHERE "id" IS NULL) or delete them, then make it NOT NULL');
    // All or nothing: the rename asked for with it is not made either.
    const renamed = await run('table', 'update-column', 'places', 'id', '--rename', 'key', '--not-null');
    expect([renamed.code, renamed.stderr]).toEqual([6, expect.stringContaining('column id of places is empty (NULL) in 2 rows: give them a value (UPDATE svc.table."places" SET "key" = ...')]);
    expect(await dgw('sql', 'SELECT count(id) FROM svc.table.places')).toBe('1\n');
    const one = await run('table', 'update-column', 'places', 'city name', '--rename', 'city', '--not-null');
    expect(one.code, one.stderr).toBe(0);
    expect(await dgw('sql', 'SELECT count(*) FROM svc.table.places WHERE id IS NULL')).toBe('2\n');
    await dgw('sql', 'DELETE FROM svc.table.places WHERE id IS NULL AND city = \'Boise\'');
    expect((await run('table', 'update-column', 'places', 'id', '--not-null')).stderr).toContain('is empty (NULL) in 1 row: give it a value');
    await dgw('sql', 'DELETE FROM svc.table.places WHERE id IS NULL');
    expect((await run('table', 'update-column', 'places', 'id', '--not-null')).code).toBe(0);
  });
});
