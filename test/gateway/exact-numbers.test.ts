import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// The run-SQL answer keeps exact types exact, in every format, with one JSON type per column type
// (api/exact-numbers.ts): BIGINT and wider, and DECIMALs of 16 digits or more, are strings with
// every digit whatever the value (small ones too); DECIMALs of at most 15 digits are numbers.
// Checked on the response text, so nothing in the test's own parsing can round a value.

const columns = [
  ['d18', '123456789012345.678::DECIMAL(18,3)', '"123456789012345.678"'],
  ['d38', '12345678901234567890123.456::DECIMAL(38,3)', '"12345678901234567890123.456"'],
  ['d38neg', '-12345678901234567890123.456::DECIMAL(38,3)', '"-12345678901234567890123.456"'],
  // Quoted: DuckDB reads a bare literal this long as a DOUBLE before the cast.
  ['scale38', "'0.12345678901234567890123456789012345678'::DECIMAL(38,38)", '"0.12345678901234567890123456789012345678"'],
  ['small', '0.1::DECIMAL(18,1)', '"0.1"'],
  ['cents', '1.50::DECIMAL(10,2)', '1.5'],
  ['tiny', '-0.001::DECIMAL(10,3)', '-0.001'],
  ['whole', '9007199254740991::DECIMAL(18,0)', '"9007199254740991"'],
  ['whole15', '999999999999999::DECIMAL(15,0)', '999999999999999'],
  ['whole2', '9007199254740992::DECIMAL(18,0)', '"9007199254740992"'],
  ['bigSafe', '9007199254740991::BIGINT', '"9007199254740991"'],
  ['bigNeg', '-9007199254740993::BIGINT', '"-9007199254740993"'],
  ['bigMin', '(-9223372036854775808)::BIGINT', '"-9223372036854775808"'],
  ['bigMax', '9223372036854775807::BIGINT', '"9223372036854775807"'],
  ['hugeMin', '(-170141183460469231731687303715884105728)::HUGEINT', '"-170141183460469231731687303715884105728"'],
  ['ubig', '18446744073709551615::UBIGINT', '"18446744073709551615"'],
  ['huge', '170141183460469231731687303715884105727::HUGEINT', '"170141183460469231731687303715884105727"'],
  ['uhuge', '340282366920938463463374607431768211455::UHUGEINT', '"340282366920938463463374607431768211455"'],
  ['hugeSmall', '42::HUGEINT', '"42"'],
  ['dbl', '0.1::DOUBLE', '0.1'],
  ['nan', "'nan'::DOUBLE", '"NaN"'],
  ['inf', "'-infinity'::DOUBLE", '"-Infinity"'],
  ['nul', 'NULL::DECIMAL(38,3)', 'null'],
  ['list', '[1.5::DECIMAL(18,3), 123456789012345.678::DECIMAL(18,3), NULL]', '["1.500","123456789012345.678",null]'],
  ['struct', "{'a': 9007199254740993::BIGINT, 'b': 2::BIGINT, 'c': 0.25::DECIMAL(38,2)}", '{"a":"9007199254740993","b":"2","c":"0.25"}'],
  ['map', "MAP {'k': 12345678901234567890123.456::DECIMAL(38,3)}", '{"k":"12345678901234567890123.456"}'],
] as const;
const statement = `SELECT ${columns.map(([name, expr]) => `${expr} AS ${name}`).join(', ')}`;

for (const apiShape of ['spec', 'hosted'] as const) describe(`run SQL keeps exact numbers exact (${apiShape} API shape)`, () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await openGateway({ apiShape });
  });
  afterAll(() => g.close());

  it('COMPACT', async () => {
    const r = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });
    expect(r.status).toBe(200);
    expect(r.text).toContain(`"data":[[${columns.map(([, , json]) => json).join(',')}]]`);
  });

  it('SIMPLE', async () => {
    const r = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement } });
    expect(r.text).toContain(`"data":[{${columns.map(([name, , json]) => `"${name}":${json}`).join(',')}}]`);
  });

  it('CELL_TYPED', async () => {
    const r = await g.call('POST', `${P}/queries/execute`, { body: { statement } });
    // The hosted shape's columns carry no dataType (as the document's); each cell does.
    const types: string[] = r.body.data[0].map((c: { dataType: string }) => c.dataType);
    expect(types.slice(0, 3)).toEqual(['decimal(18,3)', 'decimal(38,3)', 'decimal(38,3)']);
    // Cells as the document gives them (issue 8): name, displayName, dataType in lower case, order, value.
    expect(r.text).toContain(`"data":[[${columns.map(([name, , json], i) => `{"name":"${name}","displayName":"${name}","dataType":${JSON.stringify(types[i])},"order":${i},"value":${json}}`).join(',')}]]`);
  });

  it('values read from a stored table and a materialized query are exact too', async () => {
    await g.call('POST', `${P}/queries/execute`, { body: { statement: 'CREATE TABLE svc.table.ledger (amount DECIMAL(38,4))' } });
    await g.call('POST', `${P}/queries/execute`, { body: { statement: "INSERT INTO svc.table.ledger VALUES (99999999999999999999999999999999.9999), (0.0001), (NULL)" } });
    const read = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { qualifiedName: 'svc.table.ledger' } });
    expect(read.text).toContain('"data":[["99999999999999999999999999999999.9999"],["0.0001"],[null]]');
    const q = await g.call('POST', `${P}/queries`, { body: { displayName: 'Ledger total', inputQuery: 'SELECT sum(amount) AS total FROM svc.table.ledger', queryType: 'MATERIALIZED' } });
    expect(q.status).toBe(200);
    const total = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { id: q.body.id } });
    expect(total.text).toContain('"data":[{"total":"100000000000000000000000000000000.0000"}]');
  });
});
