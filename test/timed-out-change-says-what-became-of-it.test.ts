import { afterAll, describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';
import { localCli } from './support/local-cli.js';
import { tempDir } from './support/dgw.js';

// A change that ran out of --timeout leaves the user asking whether it was made: the hint says so
// where dgw knows (the in-process gateway undid it), and says to look where it cannot know.
const { server, dgw } = useStandIn();
const tmp = tempDir('dgw-timed-out-change-');
afterAll(() => tmp.remove());

// Hours of work for DuckDB: no machine finishes it within the one second these tests allow.
const LONG = 'SELECT count(*) AS n FROM range(100000000000) t(i) WHERE hash(i) % 7 = 3';

describe('a change that timed out', () => {
  it('on a remote service: exit 9, and the hint says it may still be made', async () => {
    server.on('POST', '/data/projects/proj-1/queries', { delayMs: 600_000, json: {} });
    const r = await dgw(['query', 'create', 'Slow', '--sql', 'SELECT 1', '--timeout', '1s']);
    expect(r.code).toBe(9);
    expect(r.stderr).toMatch(/^error: POST .* timed out after 1 s/m);
    expect(r.stderr).toMatch(/^hint: the change may still be made: check before running it again$/m);
  });

  it('a read that timed out gets no such hint', async () => {
    server.on('GET', '/data/projects/proj-1/catalogs', { delayMs: 600_000, json: [] });
    const r = await dgw(['catalog', 'list', '--timeout', '1s']);
    expect(r.code).toBe(9);
    expect(r.stderr).not.toMatch(/^hint:/m);
  });

  it('on the in-process gateway: exit 9, nothing was made, and the hint says so', async () => {
    const cli = localCli(tmp.dir, 'spec');
    const r = await cli.run('mtquery', 'create', 'Slow', '--sql', LONG, '--timeout', '1s');
    expect(r.code, r.stderr).toBe(9);
    expect(r.stderr).toMatch(/^hint: nothing was changed: the local gateway stopped the work when the time ran out$/m);
    expect(await cli.json('query', 'list')).toEqual([]);
  });
});
