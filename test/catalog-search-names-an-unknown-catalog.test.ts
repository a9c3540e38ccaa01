import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A search under a catalog that does not exist is exit 4 naming it, as `catalog tables` is, not an empty success.
const tmp = tempDir('dgw-search-unknown-catalog-');
afterAll(() => tmp.remove());

describe('catalog search --catalog', () => {
  it('names a catalog that does not exist, exit 4', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const r = await run('catalog', 'search', 'order', '--catalog', 'svx');
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no catalog named "svx"');
    expect(r.stderr).toContain('svc');
    const none = await run('catalog', 'search', 'nothingmatches', '--catalog', 'svc');
    expect([none.code, none.stdout]).toEqual([0, '']);
  });

  it('refuses an empty --catalog or --schema (exit 2), instead of searching everything', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    for (const flag of ['--catalog', '--schema']) {
      const r = await run('catalog', 'search', 'order', flag, ' ');
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toContain(`${flag} must not be empty`);
    }
  });

  it('with --schema names a schema the catalog does not have, exit 4; one of either svc catalog is found', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const r = await run('catalog', 'search', 'order', '--catalog', 'svc', '--schema', 'tables');
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('catalog svc has no schema tables; did you mean "table"?');
    for (const schema of ['table', 'mtquery']) expect((await run('catalog', 'search', 'nothingmatches', '--catalog', 'svc', '--schema', schema)).code).toBe(0);
  });
});
