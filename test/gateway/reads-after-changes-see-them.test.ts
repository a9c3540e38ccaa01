import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// One gateway answering many requests, as `dgw serve` does: a read made again after a change must
// see it. Statements kept prepared for reuse were planned on the data's statistics of their first
// run: the folder list read while no query sat in any folder never showed one again (and
// `folder rm --force` said "empty", then deleted the query), an update planned on a column then
// all NULL changed no row.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(() => g.close());

describe('a long-lived gateway', () => {
  it('lists a query moved into a folder after the folder list was read while no query was in one', async () => {
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Keep Me', inputQuery: 'SELECT 1 AS x' } })).body as { id: string };
    const folder = (await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'old' } })).body as { id: string };
    const before = (await g.call('GET', `${P}/queries/folders`)).body as Array<{ id: string; queryIds: string[] }>;
    expect(before.find((f) => f.id === folder.id)!.queryIds).toEqual([]);
    expect((await g.call('PATCH', `${P}/queries/${q.id}/path`, { body: { path: '/old' } })).status).toBe(200);
    for (let read = 0; read < 2; read++) {
      const after = (await g.call('GET', `${P}/queries/folders`)).body as Array<{ id: string; queryIds: string[] }>;
      expect(after.find((f) => f.id === folder.id)!.queryIds).toEqual([q.id]);
    }
  });
});

describe('a project reopened after a change of its connections', () => {
  it('exports as before (they ran on the closed database: "project demo is closed", 500)', async () => {
    const data = tempDir('dgw-reopen-exports-');
    const source = tempDir('dgw-reopen-source-');
    const g = await openGateway({ dataDir: data.dir });
    try {
      await exportsAcrossReopen(g, source.dir);
    } finally {
      await g.close();
      data.remove();
      source.remove();
    }
  });
});

async function exportsAcrossReopen(g: TestGateway, dir: string): Promise<void> {
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Exported', inputQuery: 'SELECT 1 AS x' } })).body as { id: string };
    const exportOnce = async () => {
      const started = await g.call('POST', `${P}/queries/${q.id}/exports`, { body: { format: 'CSV' } });
      expect(started.status, started.text).toBe(202);
      const id = (started.body as { id: string }).id;
      for (;;) {
        const job = (await g.call('GET', `${P}/exports/${id}?waitMs=5000`)).body as { status: string };
        if (job.status !== 'RUNNING' && job.status !== 'PENDING') return job;
      }
    };
    expect((await exportOnce()).status).toBe('SUCCEEDED');
    const csv = join(dir, 'small.csv');
    writeFileSync(csv, 'a\n1\n');
    const made = await g.call('POST', '/connections/demo', { body: { name: 'Small', type: 'csv', credential: { path: csv } } });
    expect(made.status, made.text).toBe(200);
    expect((await exportOnce()).status).toBe('SUCCEEDED');
}
