import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// Both built-in catalogs are named svc: svc.query.NAME is a saved query, in the catalog of queries.
const tmp = tempDir('dgw-cache-create-svc-query-');
afterAll(() => tmp.remove());

describe('cache create svc.query.NAME', () => {
  it('caches the saved query, as catalog tables svc query lists it', async () => {
    const { dgw, run } = localCli(tmp.dir, 'spec');
    await dgw('query', 'create', 'Plain one', '--sql', 'SELECT * FROM svc.table.customers');
    const r = await run('cache', 'create', 'svc.query.plainone');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('catalogs are named svc');
    expect(r.stdout).toMatch(/^SOURCE\tsvc\.query\.plainone$/m);
    // Catalog 2, the saved queries', not 1, the stored tables': the answer names it by id.
    expect((await dgw('cache', 'list', '--json', 'source')).trim()).toBe('[{"source":"2.query.plainone"}]');
  });
});
