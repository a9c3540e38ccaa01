import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { useStandIn } from './support/stand-in.js';

// `query create` of a name another query has is refused (409, exit 5); the hint names the update
// that changes that query, and that line works.
const tmp = tempDir('dgw-query-taken-');
afterAll(() => tmp.remove());
const { server, dgw } = useStandIn();

describe('query create of a name that is taken', () => {
  it('on the local gateway: the hint names query update, which then changes the query', async () => {
    const { run, dgw: ok } = localCli(tmp.dir, 'spec');
    await ok('query', 'create', 'Daily Revenue', '--sql', 'SELECT 1 AS one');
    for (const verb of [['query', 'create'], ['mtquery', 'create']]) {
      const r = await run(...verb, 'Daily Revenue', '--sql', 'SELECT 2 AS two');
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/^hint: `dgw (--zone local )?query update dailyrevenue` changes that query \(--sql, --file\); a display name of its own makes another$/m);
    }
    await ok('query', 'update', 'dailyrevenue', '--sql', 'SELECT 2 AS two');
    expect(await ok('query', 'get', 'dailyrevenue', '--json', 'inputQuery')).toContain('SELECT 2 AS two');
  });

  it('on the hosted service, whose create answers 409: the same hint', async () => {
    server.on('POST', '/data/projects/proj-1/queries', { status: 409, json: { errorCode: 'CONFLICT', message: 'Query with name dailyrevenue already exists' } });
    const r = await dgw(['query', 'create', 'Daily Revenue', '--sql', 'SELECT 1']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^hint: `dgw query update dailyrevenue` changes that query/m);
  });
});
