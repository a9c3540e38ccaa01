import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A materialized query updated to read its own table was refused with DuckDB's "Table with name m
// does not exist! — Did you mean "m"?", of a table that exists; it now says what a plain query's says.

const tmp = tempDir('dgw-mt-self-reading-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

it('query update of a materialized query to SQL reading its own table is exit 6 naming the query itself, directly or through another query', async () => {
  await dgw('mtquery', 'create', 'Loop M', '--sql', 'SELECT 1 AS x');
  await dgw('query', 'create', 'Via P', '--sql', 'SELECT x FROM svc.mtquery.loopm');
  const self = await run('query', 'update', 'loopm', '--sql', 'SELECT * FROM svc.mtquery.loopm');
  expect(self.code).toBe(6);
  expect(self.stderr).toContain('reads svc.mtquery.loopm, the query itself');
  const cycle = await run('query', 'update', 'loopm', '--sql', 'SELECT x FROM svc.query.viap', '--no-check-schema');
  expect(cycle.code).toBe(6);
  expect(cycle.stderr).toContain('reads svc.mtquery.loopm, the query itself');
  expect((await dgw('query', 'run', 'loopm', '--json', 'x')).trim()).toBe('[{"x":1}]');
});
