import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// `dgw table import` loads stored tables; given a BI table's name it was only "not found".

const tmp = tempDir('dgw-import-bi-');
afterAll(() => tmp.remove());

it('names a BI table of that name and the SQL that gives it rows; another missing table is only not found', async () => {
  const { run, dgw } = localCli(tmp.dir, 'hosted');
  const csv = join(tmp.dir, 'events.csv');
  writeFileSync(csv, 'id,name\n1,a\n');
  await dgw('bitable', 'create', 'events', '--column', 'id:BIGINT', '--column', 'name:VARCHAR');
  const bi = await run('table', 'import', 'events', csv);
  expect([bi.code, bi.stderr]).toEqual([4, expect.stringContaining('hint: events is a BI table: import loads stored tables; add its rows with `dgw')]);
  const hinted = /`(dgw [^`]+)`/.exec(bi.stderr)![1].replace(/^dgw (--zone local )?/, '').replace('SELECT ...', "VALUES (1, 'a')");
  expect(hinted).toBe(`sql "INSERT INTO svc.bitable.events VALUES (1, 'a')"`);
  await dgw('sql', "INSERT INTO svc.bitable.events VALUES (1, 'a')");
  expect(await dgw('sql', 'SELECT name FROM svc.bitable.events')).toBe('a\n');
  const other = await run('table', 'import', 'nosuch', csv);
  expect([other.code, other.stderr]).toEqual([4, expect.not.stringContaining('BI table')]);
});
