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
});
