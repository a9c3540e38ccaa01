import { expect, it } from 'vitest';
import { openGateway, P } from './gateway/helpers.js';

// The query catalog (id 2) of a project of many queries never read: their views are made a
// transaction per 200 when it is listed (query-catalog-lists-every-saved-query). 220 queries saved
// first: the slow tier's, as a test of scale.

it('lists them all (views made a transaction per 200, a query that no longer runs left out, the rest of its batch kept)', async () => {
  const g = await openGateway();
  try {
    expect((await g.call('POST', `${P}/table/scratch`, { body: { columns: [{ name: 'x', dataType: 'BIGINT' }] } })).status).toBeLessThan(300);
    const made: string[] = [];
    for (let i = 0; i < 220; i++) {
      const sql = i === 150 ? 'SELECT x FROM svc.table.scratch' : i === 10 ? 'SELECT n FROM svc.query.many95' : `SELECT ${i} AS n`;
      // Query 10 reads one saved later, in the last batch by name: saved unchecked, its view needs that one's first.
      const r = await g.call('POST', `${P}/queries${i === 10 ? '?checkSchemaExists=false' : ''}`, { body: { displayName: `Many ${i}`, inputQuery: sql } });
      expect(r.status, r.text).toBeLessThan(300);
      made.push(r.body.name);
    }
    expect((await g.call('DELETE', `${P}/table/scratch`)).status).toBeLessThan(300);
    const listed = await g.call('GET', `${P}/catalogs/2/schemas/query/tables`);
    const names = (listed.body as Array<{ tableName: string }>).map((t) => t.tableName);
    expect(names).not.toContain('many150');
    expect(names).toEqual(expect.arrayContaining(made.filter((n) => n !== 'many150')));
  } finally {
    await g.close();
  }
});
