import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// catalog stats prints distinctFraction to four significant digits in TSV and tables, but a
// positive value (a count of distinct values) keeps every digit of its whole part; --json is exact.
const { server, dgw } = useStandIn('p-1');
const TABLE = '/data/projects/p-1/catalogs/846085284821991568/schemas/crm/tables/companies';
const column = (columnName: string, distinctFraction: number) => ({ columnName, distinctFraction });

describe('catalog stats distinctFraction', () => {
  it('is short in TSV, whole in JSON, and a count stays a count', async () => {
    server.on('GET', `${TABLE}/statistics`, {
      json: { columnStatistics: [column('id', -1), column('third', -1 / 3), column('users', 123456), column('tiny', -0.0000123456), column('rounded', 99999.9)] },
    });
    const tsv = await dgw(['catalog', 'stats', '846085284821991568', 'crm', 'companies']);
    expect(tsv.code, tsv.stderr).toBe(0);
    expect(tsv.stdout.split('\n').map((line) => line.split('\t').slice(0, 2).join(' '))).toEqual(['id -1', 'third -0.3333', 'users 123456', 'tiny -0.00001235', 'rounded 100000', '']);
    const json = await dgw(['catalog', 'stats', '846085284821991568', 'crm', 'companies', '--json']);
    expect(JSON.parse(json.stdout).columnStatistics.map((c: { distinctFraction: number }) => c.distinctFraction)).toEqual([-1, -1 / 3, 123456, -0.0000123456, 99999.9]);
  });
});
