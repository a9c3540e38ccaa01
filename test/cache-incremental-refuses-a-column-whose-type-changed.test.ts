import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// An incremental update appends by name: a source column whose type changed would be cast to the copy's (2.5 into BIGINT is 2).
const tmp = tempDir('dgw-cache-incremental-retyped-');
afterAll(() => tmp.remove());

describe('cache refresh --incremental after a source column changed type', () => {
  it('fails saying which column, appends nothing, and a full refresh takes the new type', async () => {
    const { dgw, run, json } = localCli(tmp.dir, 'spec');
    const folder = join(tmp.dir, 'files');
    mkdirSync(folder);
    const file = join(folder, 'items.csv');
    writeFileSync(file, 'id,qty\n1,10\n2,20\n');
    await dgw('connection', 'create', 'num', '--type', 'csv', '--field', `path=${folder}`);
    await dgw('cache', 'create', 'num.main.items', '--incremental-column', 'id');
    appendFileSync(file, '3,2.5\n');
    const r = await run('cache', 'refresh', 'items', '--incremental');
    expect(r.code, r.stderr).toBe(10);
    expect(r.stderr).toContain("the source's columns changed type (qty is DOUBLE, the copy's BIGINT)");
    expect(await json('sql', 'SELECT count(*)::INTEGER AS n FROM svc.cache.items')).toEqual([{ n: 2 }]);
    await dgw('cache', 'refresh', 'items');
    expect(await json('sql', 'SELECT qty FROM svc.cache.items WHERE id = 3')).toEqual([{ qty: 2.5 }]);
  });
});
