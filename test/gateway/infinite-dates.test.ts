import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// An infinite DATE is answered as DuckDB writes it, `infinity` / `-infinity`: the DuckDB client's
// own text of it is a far date (5881580-07-11), which it is not.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(() => g.close());

describe('infinite dates in run SQL', () => {
  it('are infinity and -infinity, in every row format, at any depth', async () => {
    const statement = "SELECT 'infinity'::DATE AS a, '-infinity'::DATE AS b, DATE '2026-01-31' AS c, ['infinity'::DATE] AS l";
    for (const format of ['COMPACT', 'SIMPLE']) {
      const r = await g.call('POST', `${P}/queries/execute?format=${format}`, { body: { statement } });
      expect(r.status).toBe(200);
      const row = r.body.data[0];
      expect(format === 'COMPACT' ? row : [row.a, row.b, row.c, row.l]).toEqual(['infinity', '-infinity', '2026-01-31', ['infinity']]);
    }
  });
});
