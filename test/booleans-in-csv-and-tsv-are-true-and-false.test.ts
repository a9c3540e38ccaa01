import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';

// A boolean column a table shows as `yes` and a blank was written the same way in CSV and TSV,
// where the blank is the empty string's encoding: `false` read as ''. Machine forms write true and false.
const tmp = tempDir('dgw-booleans-');
afterAll(() => tmp.remove());
const { dgw } = localCli(tmp.dir, 'spec');

it('table list TABLE writes its booleans as true and false in CSV and TSV', async () => {
  expect((await dgw('table', 'list', 'orders', '--format', 'csv')).split('\n').slice(0, 2)).toEqual(['NAME,DATA TYPE,IS NOT NULL,IS UNIQUE,DEFAULT VALUE', 'order_id,bigint,false,false,']);
  expect((await dgw('table', 'list', 'orders')).split('\n')[0]).toBe('order_id\tbigint\tfalse\tfalse\t\\N');
  expect(await dgw('catalog', 'tables', 'svc.table')).toMatch(/^orders\ttable\tsvc\tfalse\ttrue\t/m);
});

it('a table on a terminal still shows yes and a blank', async () => {
  const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config-spec'), DGW_LOCAL_DIR: path.join(tmp.dir, 'data-spec'), DGW_PAGER: '' };
  const r = await runAsBinaryWould(['--zone', 'local', 'catalog', 'tables', 'svc.table'], { env, terminalColumns: 200 });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/orders +table +svc +yes /);
  expect(r.stdout).not.toMatch(/true|false/);
});
