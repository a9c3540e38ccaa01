import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runDgw, tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';
import { useStandIn } from './support/stand-in.js';
import { openGateway, P, spawnServe, type SpawnedServer } from './gateway/helpers.js';
import { numberJsonType } from '../src/api/exact-numbers.js';

// A numeric column has one JSON type in every row, chosen from the column's type (docs/output.md):
// a DECIMAL(18,3) gave 1.5 in one row and "123456789012345.678" in the next, so a jq sum worked on
// test data and failed on production values.

const STATEMENT = [
  `SELECT 1.5::DECIMAL(18,3) AS d, 7::BIGINT AS b, 7::HUGEINT AS h, 7::INTEGER AS i, 0.5::DOUBLE AS x, 2.25::DECIMAL(10,2) AS s`,
  `SELECT 123456789012345.678::DECIMAL(18,3), 9007199254740993::BIGINT, 170141183460469231731687303715884105727::HUGEINT, 2147483647::INTEGER, 1e300::DOUBLE, 99999999.99::DECIMAL(10,2)`,
  `SELECT NULL, NULL, NULL, NULL, NULL, NULL`,
].join(' UNION ALL ');
/** The JSON type of each column's non-null values, by the rule. */
const EXPECTED = { d: 'string', b: 'string', h: 'string', i: 'number', x: 'number', s: 'number' };
const VALUES = {
  d: ['1.500', '123456789012345.678', null],
  b: ['7', '9007199254740993', null],
  h: ['7', '170141183460469231731687303715884105727', null],
  i: [7, 2147483647, null],
  x: [0.5, 1e300, null],
  s: [2.25, 99999999.99, null],
};

/** The JSON types each column's non-null values have across the rows. */
function typesByColumn(rows: Array<Record<string, unknown>>): Record<string, string[]> {
  const types: Record<string, Set<string>> = {};
  for (const row of rows) for (const [k, v] of Object.entries(row)) if (v !== null) (types[k] ??= new Set()).add(typeof v);
  return Object.fromEntries(Object.entries(types).map(([k, set]) => [k, [...set]]));
}
const ONE_TYPE_EACH = Object.fromEntries(Object.entries(EXPECTED).map(([k, t]) => [k, [t]]));

describe('the rule, by type name (DuckDB\'s and the hosted service\'s spellings)', () => {
  it('numbers for the types a double always holds, strings for the wider ones, nothing for the rest', () => {
    const rule = Object.fromEntries(
      ['INTEGER', 'smallint', 'DOUBLE', 'real', 'DECIMAL(15,2)', 'decimal(10, 2)', 'DECIMAL(16,2)', 'DECIMAL(18,3)', 'decimal', 'BIGINT', 'bigint', 'HUGEINT', 'UBIGINT', 'VARCHAR', 'DATE', undefined].map((t) => [String(t), numberJsonType(t)]),
    );
    expect(rule).toEqual({
      INTEGER: 'number', smallint: 'number', DOUBLE: 'number', real: 'number', 'DECIMAL(15,2)': 'number', 'decimal(10, 2)': 'number',
      'DECIMAL(16,2)': 'string', 'DECIMAL(18,3)': 'string', decimal: 'string', BIGINT: 'string', bigint: 'string', HUGEINT: 'string', UBIGINT: 'string',
      VARCHAR: undefined, DATE: undefined, undefined: undefined,
    });
  });
});

describe('dgw sql on the local gateway, in-process', () => {
  const tmp = tempDir('dgw-json-types-');
  afterAll(() => tmp.remove());
  const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '' };
  const dgw = async (...argv: string[]) => {
    const r = await runInProcess(argv, { env, cwd: tmp.dir });
    expect(r.code, `dgw ${argv.join(' ')}\n${r.stderr}`).toBe(0);
    return r.stdout;
  };
  const columnsOf = (rows: unknown[][]) => rows.map((r) => Object.fromEntries(Object.keys(EXPECTED).map((k, i) => [k, r[i]])));

  it('--json: every row of a column has the JSON type its SQL type gives', async () => {
    const rows = JSON.parse(await dgw('sql', STATEMENT, '--json')) as Array<Record<string, unknown>>;
    expect(typesByColumn(rows)).toEqual(ONE_TYPE_EACH);
    for (const [column, values] of Object.entries(VALUES)) expect(rows.map((r) => r[column]), column).toEqual(values);
  });

  it('--format compact, jsonl and yaml follow the same rule', async () => {
    const compact = JSON.parse(await dgw('sql', STATEMENT, '--json', '--format', 'compact')) as unknown[][];
    expect(typesByColumn(columnsOf(compact))).toEqual(ONE_TYPE_EACH);
    const jsonl = (await dgw('sql', STATEMENT, '--format', 'jsonl')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(typesByColumn(jsonl)).toEqual(ONE_TYPE_EACH);
    const yaml = parseYaml(await dgw('sql', STATEMENT, '--format', 'yaml')) as Array<Record<string, unknown>>;
    expect(typesByColumn(yaml)).toEqual(ONE_TYPE_EACH);
  });

  it('--jq sees one type per column, and the documented sums work on every row', async () => {
    const types = await dgw('sql', STATEMENT, '--jq', '[.[] | map_values(type)] | unique | length');
    // Two shapes only: the row of values and the row of NULLs.
    expect(types.trim()).toBe('2');
    // docs/output.md: a string column is summed with tonumber, a number column as it is.
    const sums = await dgw('sql', STATEMENT, '--jq', '[(map(.b | strings | tonumber) | add), (map(.i | numbers) | add)] | @tsv');
    expect(sums.trim()).toBe('9007199254741000\t2147483654');
  });
});

describe('the local gateway answers one JSON type per column, in both API shapes', () => {
  for (const apiShape of ['spec', 'hosted'] as const) {
    it(`${apiShape}: SIMPLE rows`, async () => {
      const gw = await openGateway({ apiShape });
      try {
        const r = await gw.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement: STATEMENT } });
        expect(r.status, r.text).toBe(200);
        expect(typesByColumn(r.body.data)).toEqual(ONE_TYPE_EACH);
      } finally {
        await gw.close();
      }
    });
  }
});

describe('dgw sql through dgw serve', () => {
  const tmp = tempDir('dgw-json-types-served-');
  const served = path.join(tmp.dir, 'served');
  const config = path.join(tmp.dir, 'config');
  let server: SpawnedServer | undefined;
  beforeAll(async () => {
    server = await spawnServe(served, config);
  });
  afterAll(async () => {
    await server?.stop();
    tmp.remove();
  });

  it('--json: the same JSON type in every row of a column', async () => {
    const r = await runDgw(['--zone', 'local', 'sql', STATEMENT, '--json'], { env: { DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: served } });
    expect(r.code, r.stderr).toBe(0);
    expect(typesByColumn(JSON.parse(r.stdout))).toEqual(ONE_TYPE_EACH);
  });
});

describe('a service that sends numbers in a column whose type it names', () => {
  const { server, dgw } = useStandIn('p');
  const body = JSON.stringify({
    columns: [
      { columnName: 'd', dataType: 'decimal(18,3)' },
      { columnName: 'b', dataType: 'bigint' },
      { columnName: 'i', dataType: 'integer' },
    ],
    data: [{ d: 1.5, b: 7, i: 1 }],
  }).replace('"data":[', '"data":[{"d":123456789012345.678,"b":9007199254740993,"i":2},');

  it('gets the column type decided by dgw: numbers made strings in a BIGINT or wide DECIMAL column', async () => {
    server.on('POST', '/data/projects/p/queries/execute', { body, headers: { 'content-type': 'application/json' } });
    const r = await dgw(['sql', 'SELECT 1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { d: '123456789012345.678', b: '9007199254740993', i: 2 },
      { d: '1.5', b: '7', i: 1 },
    ]);
  });
});
