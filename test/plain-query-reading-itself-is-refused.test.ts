import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A plain query updated to read its own view (directly, or through another saved query) was saved
// with exit 0 and left without a view, so it and every reader failed; it is refused now, as a
// materialized query's is, and the query keeps its SQL.

const tmp = tempDir('dgw-self-reading-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

it('query update to SQL reading the query itself is exit 6, directly or through another query', async () => {
  await dgw('query', 'create', 'Loop A', '--sql', 'SELECT 1 AS x');
  await dgw('query', 'create', 'Loop B', '--sql', 'SELECT x FROM svc.query.loopa');
  const self = await run('query', 'update', 'loopa', '--sql', 'SELECT * FROM svc.query.loopa');
  expect(self.code).toBe(6);
  expect(self.stderr).toContain('reads svc.query.loopa, the query itself');
  const cycle = await run('query', 'update', 'loopa', '--sql', 'SELECT x FROM svc.query.loopb');
  expect(cycle.code).toBe(6);
  expect((await dgw('query', 'run', 'loopb', '--json', 'x')).trim()).toBe('[{"x":1}]');
  expect((await dgw('query', 'get', 'loopa', '--json', 'inputQuery')).trim()).toBe('{"inputQuery":"SELECT 1 AS x"}');
});
