import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// Every text value comes back as it was stored: DuckDB's JavaScript API decoded each one with a
// TextDecoder that drops a leading U+FEFF as a byte order mark, so `chr(65279) || 'bom'` was
// answered as `bom` and a value of U+FEFF alone as "".

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(() => g.close());

const run = async (statement: string) => {
  const res = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });
  expect(res.status, res.text).toBe(200);
  return (res.body as { data: unknown[][] }).data;
};

describe('text values byte for byte', () => {
  it('a leading U+FEFF is kept, alone, first, inside a list and a struct', async () => {
    const rows = await run("SELECT chr(65279) || 'bom' AS a, chr(65279) AS b, [chr(65279) || 'x'] AS c, {'k': chr(65279)} AS d, length(chr(65279) || 'bom') AS n");
    expect(rows).toEqual([['\uFEFFbom', '\uFEFF', ['\uFEFFx'], { k: '\uFEFF' }, '4']]);
  });

  it('stored in a table and read back, with and without LIMIT', async () => {
    await run("CREATE TABLE svc.table.boms AS SELECT chr(65279) || 'x' AS v UNION ALL SELECT chr(65279)");
    expect(await run('SELECT v FROM svc.table.boms ORDER BY length(v) DESC')).toEqual([['\uFEFFx'], ['\uFEFF']]);
    expect(await run('SELECT v FROM svc.table.boms ORDER BY length(v) DESC LIMIT 1')).toEqual([['\uFEFFx']]);
  });
});
