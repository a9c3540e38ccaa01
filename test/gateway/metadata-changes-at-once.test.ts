import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, type TestGateway } from './helpers.js';

// Changes to one table's metadata sent at once, as two `dgw metadata describe` against one
// `dgw serve`: each must keep what the other wrote (a description set while the agent's use was
// switched was lost, though both answered 200).

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(() => g.close());

describe('metadata changes at once', () => {
  it('a description and switches of the agent\'s use, sent together, all stay', async () => {
    const put = (body: unknown) => g.call('PUT', `/metadata/demo/1/table/customers`, { body });
    const sent = await Promise.all([
      ...Array.from({ length: 4 }, () => put({ useWithAI: false })),
      put({ tableDescription: 'One row per customer', columns: [{ columnName: 'country', columnDescription: 'ISO code' }] }),
      ...Array.from({ length: 4 }, () => put({ useWithAI: false })),
    ]);
    expect(sent.map((r) => r.status)).toEqual(Array(9).fill(200));
    const got = (await g.call('GET', `/metadata/demo?catalogId=1`)).body;
    const customers = got.catalogs[0].schemas[0].tables.find((t: { tableName: string }) => t.tableName === 'customers');
    expect(customers).toMatchObject({ tableDescription: 'One row per customer', useWithAI: false });
    expect(customers.columns.find((c: { columnName: string }) => c.columnName === 'country').columnDescription).toBe('ISO code');
  });
});
