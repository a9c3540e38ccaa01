import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS, insertStatement, rowCount, type Column } from './support/every-type.js';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// One notation for every JSON value dgw writes on the local gateway: `sql --format jsonl`,
// `query run` and `query export --format jsonl` give the same value for every type, nested ones
// included. An INTERVAL, a MAP and a UNION are written as DuckDB's to_json writes them ("1 day",
// {"k":1}, {"n":5}); a JSON column is its text.

const tmp = tempDir('dgw-json-rule-');
afterAll(() => tmp.remove());
const { dgw } = localCli(tmp.dir, 'spec');

/** Besides every stored kind: the types whose JSON has a shape of its own, alone and nested. */
const MORE: Column[] = [
  ['u', 'UNION(n INTEGER, s VARCHAR)', ['union_value(n := 5)', "union_value(s := 'x')", 'union_value(s := NULL)']],
  ['j', 'JSON', ['\'{"a": [1, 2.50, 12345678901234567890]}\'', "'\"text\"'"]],
  ['mi', 'MAP(INTEGER, VARCHAR)', ["MAP {1: 'one', -2: NULL}"]],
  ['md', 'MAP(DECIMAL(4,2), BIGINT)', ['MAP {1.5: 9007199254740993}']],
  ['ml', 'MAP(INTEGER[], INTERVAL)', ["MAP {[1, 2]: INTERVAL '90 minutes', []: INTERVAL '-1 year'}"]],
  ['ivs', 'INTERVAL[]', ["[INTERVAL '1 day', NULL, INTERVAL '1 month 00:00:00.5']"]],
  ['nums', 'STRUCT(b BIGINT[], h HUGEINT, d DECIMAL(38,3)[], s DECIMAL(4,2), f DOUBLE[])', ["{'b': [9007199254740993, NULL], 'h': -170141183460469231731687303715884105728, 'd': [1.5], 's': 1.5, 'f': ['nan'::DOUBLE, 'inf'::DOUBLE, 1e17, 0.1]}"]],
  ['sm', 'STRUCT(m MAP(VARCHAR, DOUBLE), u UNION(n INTEGER, s VARCHAR))', ["{'m': MAP {'x': 0.1}, 'u': union_value(n := 1)}"]],
];
const ALL = [...COLUMNS, ...MORE];
const SELECT = 'SELECT * FROM svc.table.every ORDER BY i32 NULLS LAST, s NULLS LAST';
const lines = (text: string) => text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

let viaSql: Array<Record<string, unknown>>;
beforeAll(async () => {
  await dgw('sql', `CREATE TABLE svc.table.every (${ALL.map(([name, type]) => `${name} ${type}`).join(', ')})`);
  await dgw('sql', insertStatement('svc.table.every', ALL));
  await dgw('query', 'create', 'every_value', '--sql', SELECT, '-q');
  viaSql = lines(await dgw('sql', SELECT, '--format', 'jsonl'));
});

describe('one JSON rule', () => {
  it('an INTERVAL, a MAP and a UNION are written as DuckDB writes them; a JSON column is its text', () => {
    expect(viaSql).toHaveLength(rowCount(ALL) + 1);
    expect(viaSql[0]).toMatchObject({
      iv: '1 year 2 months 3 days 04:05:06.789',
      m: { k: 1, l: 2 },
      u: { n: 5 },
      j: '{"a": [1, 2.50, 12345678901234567890]}',
      mi: { '1': 'one', '-2': null },
      md: { '1.50': '9007199254740993' },
      ml: { '[1, 2]': '01:30:00', '[]': '-1 year' },
      ivs: ['1 day', null, '1 month 00:00:00.5'],
      sm: { m: { x: 0.1 }, u: { n: 1 } },
    });
    expect(viaSql.filter((row) => JSON.stringify(row.u) === '{"s":null}')).not.toHaveLength(0);
    expect(Object.values(viaSql.at(-1)!).every((v) => v === null)).toBe(true);
  });

  it('query run and query export write the same values as sql, column by column', async () => {
    expect(lines(await dgw('query', 'run', 'every_value', '--format', 'jsonl'))).toEqual(viaSql);
    const file = path.join(tmp.dir, 'every.jsonl');
    await dgw('query', 'export', 'every_value', '--format', 'jsonl', '-o', file);
    const exported = lines(fs.readFileSync(file, 'utf8'));
    expect(exported).toHaveLength(viaSql.length);
    const differ = exported.flatMap((row, r) => ALL.filter(([name]) => JSON.stringify(row[name]) !== JSON.stringify(viaSql[r][name])).map(([name]) => `row ${r}, ${name}: ${JSON.stringify(row[name])} exported, ${JSON.stringify(viaSql[r][name])} by sql`));
    expect(differ).toEqual([]);
  });
});
