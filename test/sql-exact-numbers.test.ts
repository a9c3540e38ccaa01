import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgwInTerminal, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { useStandIn } from './support/stand-in.js';

// `dgw sql` prints exact numbers with every digit in each output format: from the local gateway
// (DuckDB DECIMAL, HUGEINT, ...) and from a hosted service whose JSON carries number literals a
// double cannot hold.
const D18 = '123456789012345.678';
const D38 = '12345678901234567890123.456';
const HUGE = '170141183460469231731687303715884105727';
const STATEMENT = `SELECT ${D18}::DECIMAL(18,3) AS d, '${D38}'::DECIMAL(38,3) AS d38, ${HUGE}::HUGEINT AS h, 1.50::DECIMAL(4,2) AS small, [${D18}::DECIMAL(18,3)] AS l`;

describe('the local gateway, through the spawned binary', () => {
  let data: ReturnType<typeof tempDir>;
  let env: Record<string, string>;
  beforeAll(() => {
    data = tempDir('dgw-exact-');
    env = { DGW_CONFIG_DIR: data.dir, DGW_LOCAL_DIR: `${data.dir}/gw` };
  });
  afterAll(() => data.remove());

  it('TSV', async () => {
    const r = await runAsBinaryWould(['--zone', 'local', 'sql', STATEMENT], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${D18}\t${D38}\t${HUGE}\t1.50\t["${D18}"]\n`);
  });

  it('JSON, simple and compact: strings where a double cannot hold the value', async () => {
    const simple = await runAsBinaryWould(['--zone', 'local', 'sql', STATEMENT, '--json'], { env });
    expect(simple.code, simple.stderr).toBe(0);
    expect(JSON.parse(simple.stdout)).toEqual([{ d: D18, d38: D38, h: HUGE, small: 1.5, l: [D18] }]);
    const compact = await runAsBinaryWould(['--zone', 'local', 'sql', STATEMENT, '--json', '--format', 'compact'], { env });
    expect(compact.stdout.replace(/\s/g, '')).toBe(`[["${D18}","${D38}","${HUGE}",1.5,["${D18}"]]]`);
  });

  it('JSON rows keep two columns of one name apart (a join\'s customer_id twice), as DuckDB names a table\'s', async () => {
    const r = await runAsBinaryWould(['--zone', 'local', 'sql', 'SELECT 1 AS a, 2 AS a, 3 AS a_1', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ a: 1, a_1: 2, a_1_1: 3 }]);
  });

  it('a table on a terminal', async () => {
    // Wide enough for every column: numbers are never shortened, and a narrower terminal leaves columns out.
    const r = await runDgwInTerminal(['--zone', 'local', '--no-color', 'sql', STATEMENT], { env: { ...env, COLUMNS: '200' } });
    expect(r.code, r.stdout).toBe(0);
    for (const digits of [D18, D38, HUGE]) expect(r.stdout).toContain(digits);
  });
});

describe('a hosted service sending number literals', () => {
  const { server, dgw } = useStandIn('p');
  const compactBody = `{"columns":[{"columnName":"d","dataType":"DECIMAL(18,3)"},{"columnName":"n","dataType":"BIGINT"},{"columnName":"x","dataType":"DOUBLE"}],"data":[[${D18},9007199254740993,0.5]]}`;
  const simpleBody = `{"columns":[{"columnName":"d","dataType":"DECIMAL(18,3)"},{"columnName":"n","dataType":"BIGINT"},{"columnName":"x","dataType":"DOUBLE"}],"data":[{"d":${D18},"n":9007199254740993,"x":0.5}]}`;

  it('TSV and JSON keep every digit', async () => {
    server.on('POST', '/data/projects/p/queries/execute', (req) => ({ body: req.query.format === 'SIMPLE' ? simpleBody : compactBody, headers: { 'content-type': 'application/json' } }));
    const tsv = await dgw(['sql', 'SELECT 1']);
    expect(tsv.code, tsv.stderr).toBe(0);
    expect(tsv.stdout).toBe(`${D18}\t9007199254740993\t0.5\n`);
    const json = await dgw(['sql', 'SELECT 1', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([{ d: D18, n: '9007199254740993', x: 0.5 }]);
  });

  it('dgw api prints the literal the service sent, unchanged', async () => {
    server.on('POST', '/data/projects/p/queries/execute', { body: simpleBody, headers: { 'content-type': 'application/json' } });
    const r = await dgw(['api', 'POST', '/data/projects/{projectId}/queries/execute', '-f', 'statement=SELECT 1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`"d":${D18},`);
    expect(r.stdout).toContain('"n":9007199254740993,');
  });
});

// Every output format, the edges of each exact type (BIGINT at ±2^63, HUGEINT/UHUGEINT at their
// ends, DECIMAL(38,x) negative, inside LIST/STRUCT/MAP), from the local gateway in both API shapes
// and from a hosted service's number literals. Each expected text is written out in full.
const EDGE = [
  `(-9223372036854775808)::BIGINT AS bmin`,
  `9223372036854775807::BIGINT AS bmax`,
  `(-170141183460469231731687303715884105728)::HUGEINT AS hmin`,
  `340282366920938463463374607431768211455::UHUGEINT AS uhmax`,
  `'-99999999999999999999999999999999.999999'::DECIMAL(38,6) AS dneg`,
  `'nan'::DOUBLE AS nan`,
  `'-inf'::DOUBLE AS ninf`,
  `{'a': '12345678901234567890123.456'::DECIMAL(38,3), 'b': [9007199254740993::BIGINT]} AS s`,
  `MAP {'k': (-123456789012345.678)::DECIMAL(18,3)} AS m`,
  // Small values of wide types: from the local gateway strings as every value of their column
  // (one JSON type per column, docs/output.md); from a service that names no types, numbers.
  `(-1.50)::DECIMAL(38,2) AS small`,
  `(-9007199254740991)::BIGINT AS safe`,
].join(', ');
const EDGE_SQL = `SELECT ${EDGE}`;
const V = {
  bmin: '-9223372036854775808',
  bmax: '9223372036854775807',
  hmin: '-170141183460469231731687303715884105728',
  uhmax: '340282366920938463463374607431768211455',
  dneg: '-99999999999999999999999999999999.999999',
};
const S_JSON = '{"a":"12345678901234567890123.456","b":["9007199254740993"]}';
const M_JSON = '{"k":"-123456789012345.678"}';
const TSV_ROW = `${V.bmin}\t${V.bmax}\t${V.hmin}\t${V.uhmax}\t${V.dneg}\tNaN\t-Infinity\t${S_JSON}\t${M_JSON}\t-1.5\t-9007199254740991`;
const CSV_ROW = `${V.bmin},${V.bmax},${V.hmin},${V.uhmax},${V.dneg},NaN,-Infinity,"${S_JSON.replace(/"/g, '""')}","${M_JSON.replace(/"/g, '""')}",-1.5,-9007199254740991`;
/** The local gateway's CSV is DuckDB's text of each value (docs/data.md "One CSV rule"): every digit too. */
const LOCAL_CSV_ROW = `${V.bmin},${V.bmax},${V.hmin},${V.uhmax},${V.dneg},nan,-inf,"{'a': 12345678901234567890123.456, 'b': [9007199254740993]}",{k=-123456789012345.678},-1.50,-9007199254740991`;
const JSON_ROW = { ...V, nan: 'NaN', ninf: '-Infinity', s: { a: '12345678901234567890123.456', b: ['9007199254740993'] }, m: { k: '-123456789012345.678' }, small: -1.5, safe: -9007199254740991 };
const TABLE_CELLS = [...Object.values(V), 'NaN', '-Infinity', S_JSON, M_JSON, '-1.5', '-9007199254740991'];
// The local gateway names each column's type: a DECIMAL(38,2) and a BIGINT are strings in every row,
// the DECIMAL with every digit of its scale.
const LOCAL_TSV_ROW = TSV_ROW.replace('\t-1.5\t', '\t-1.50\t');
const LOCAL_JSON_ROW = { ...JSON_ROW, small: '-1.50', safe: '-9007199254740991' };
const LOCAL_TABLE_CELLS = TABLE_CELLS.map((cell) => (cell === '-1.5' ? '-1.50' : cell));
const YAML_ROW = [
  `- bmin: "${V.bmin}"`,
  `  bmax: "${V.bmax}"`,
  `  hmin: "${V.hmin}"`,
  `  uhmax: "${V.uhmax}"`,
  `  dneg: "${V.dneg}"`,
  '  nan: NaN',
  '  ninf: -Infinity',
  '  s:',
  '    a: "12345678901234567890123.456"',
  '    b:',
  '      - "9007199254740993"',
  '  m:',
  '    k: "-123456789012345.678"',
  '  small: -1.5',
  '  safe: -9007199254740991',
  '',
].join('\n');
const LOCAL_YAML_ROW = YAML_ROW.replace('  small: -1.5\n  safe: -9007199254740991', '  small: "-1.50"\n  safe: "-9007199254740991"');

for (const shape of ['spec', 'hosted']) {
  describe(`every output format keeps every digit: the local gateway, ${shape} API shape`, () => {
    let data: ReturnType<typeof tempDir>;
    let env: Record<string, string>;
    beforeAll(() => {
      data = tempDir('dgw-exact-formats-');
      env = { DGW_CONFIG_DIR: data.dir, DGW_LOCAL_DIR: `${data.dir}/gw`, DGW_LOCAL_API_SHAPE: shape };
    });
    afterAll(() => data.remove());
    const sql = (...extra: string[]) => runAsBinaryWould(['--zone', 'local', 'sql', EDGE_SQL, ...extra], { env });

    it('TSV, with --header', async () => {
      const r = await sql('--header');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`bmin\tbmax\thmin\tuhmax\tdneg\tnan\tninf\ts\tm\tsmall\tsafe\n${LOCAL_TSV_ROW}\n`);
    });

    it('CSV', async () => {
      const r = await sql('--format', 'csv');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`bmin,bmax,hmin,uhmax,dneg,nan,ninf,s,m,small,safe\n${LOCAL_CSV_ROW}\n`);
    });

    it('JSON, simple and compact', async () => {
      const simple = await sql('--json');
      expect(simple.code, simple.stderr).toBe(0);
      expect(JSON.parse(simple.stdout)).toEqual([LOCAL_JSON_ROW]);
      const compact = await sql('--json', '--format', 'compact');
      expect(JSON.parse(compact.stdout)).toEqual([Object.values(LOCAL_JSON_ROW)]);
    });

    it('YAML', async () => {
      const r = await sql('--format', 'yaml');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(LOCAL_YAML_ROW);
    });

    it('--jq: the strings as jq -r prints them, one per line', async () => {
      const r = await sql('--jq', '.[0] | .bmin, .bmax, .hmin, .uhmax, .dneg, .s.a, .s.b[0], .m.k, .small, .safe');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`${Object.values(V).join('\n')}\n12345678901234567890123.456\n9007199254740993\n-123456789012345.678\n-1.50\n-9007199254740991\n`);
    });

    it('a table', async () => {
      const r = await sql('--format', 'table', '--no-color');
      expect(r.code, r.stderr).toBe(0);
      const cells = r.stdout.split('\n')[2].split(/ {2,}/).map((c) => c.trim()).filter(Boolean);
      expect(cells).toEqual(LOCAL_TABLE_CELLS);
    });
  });
}

describe('every output format keeps every digit: a hosted service sending number literals', () => {
  const { server, dgw } = useStandIn('p');
  const names = ['bmin', 'bmax', 'hmin', 'uhmax', 'dneg', 'nan', 'ninf', 's', 'm', 'small', 'safe'];
  // As a service writing its numbers as JSON number literals would send them (NaN has no literal).
  const literals = [V.bmin, V.bmax, V.hmin, V.uhmax, V.dneg, '"NaN"', '"-Infinity"', '{"a":12345678901234567890123.456,"b":[9007199254740993]}', '{"k":-123456789012345.678}', '-1.50', '-9007199254740991'];
  const body = (simple: boolean) =>
    `{"columns":[${names.map((n) => `{"columnName":"${n}"}`).join(',')}],"data":[${simple ? `{${names.map((n, i) => `"${n}":${literals[i]}`).join(',')}}` : `[${literals.join(',')}]`}]}`;
  const answer = () => server.on('POST', '/data/projects/p/queries/execute', (req) => ({ body: body(req.query.format === 'SIMPLE'), headers: { 'content-type': 'application/json' } }));

  it('TSV, CSV, JSON, YAML, --jq and a table', async () => {
    answer();
    const tsv = await dgw(['sql', 'SELECT 1']);
    expect(tsv.code, tsv.stderr).toBe(0);
    expect(tsv.stdout).toBe(`${TSV_ROW}\n`);
    expect((await dgw(['sql', 'SELECT 1', '--format', 'csv'])).stdout).toBe(`${names.join(',')}\n${CSV_ROW}\n`);
    expect(JSON.parse((await dgw(['sql', 'SELECT 1', '--json'])).stdout)).toEqual([JSON_ROW]);
    expect((await dgw(['sql', 'SELECT 1', '--format', 'yaml'])).stdout).toBe(YAML_ROW);
    expect((await dgw(['sql', 'SELECT 1', '--jq', '.[0] | .bmin, .s.a'])).stdout).toBe(`${V.bmin}\n12345678901234567890123.456\n`);
    const table = await dgw(['sql', 'SELECT 1', '--format', 'table', '--no-color']);
    expect(table.stdout.split('\n')[2].split(/ {2,}/).map((c) => c.trim()).filter(Boolean)).toEqual(TABLE_CELLS);
  });

  it('dgw api with --jq and YAML: the literals as the service sent them', async () => {
    answer();
    // No format asked for: the stand-in answers COMPACT, rows as arrays.
    const jq = await dgw(['api', 'POST', '/data/projects/{projectId}/queries/execute', '-f', 'statement=SELECT 1', '--jq', '.data[0] | .[0], .[7].a']);
    expect(jq.code, jq.stderr).toBe(0);
    expect(jq.stdout).toBe(`${V.bmin}\n12345678901234567890123.456\n`);
    const yaml = await dgw(['api', 'POST', '/data/projects/{projectId}/queries/execute', '-f', 'statement=SELECT 1', '--format', 'yaml']);
    expect(yaml.stdout).toContain(`  - - "${V.bmin}"\n`);
    expect(yaml.stdout).toContain('    - a: "12345678901234567890123.456"\n');
  });
});
