import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, runDgwInTerminal, tempDir } from './support/dgw.js';
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
    const r = await runDgw(['--zone', 'local', 'sql', STATEMENT], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${D18}\t${D38}\t${HUGE}\t1.5\t["${D18}"]\n`);
  });

  it('JSON, simple and compact: strings where a double cannot hold the value', async () => {
    const simple = await runDgw(['--zone', 'local', 'sql', STATEMENT, '--json'], { env });
    expect(simple.code, simple.stderr).toBe(0);
    expect(JSON.parse(simple.stdout)).toEqual([{ d: D18, d38: D38, h: HUGE, small: 1.5, l: [D18] }]);
    const compact = await runDgw(['--zone', 'local', 'sql', STATEMENT, '--json', '--format', 'compact'], { env });
    expect(compact.stdout.replace(/\s/g, '')).toBe(`[["${D18}","${D38}","${HUGE}",1.5,["${D18}"]]]`);
  });

  it('a table on a terminal', async () => {
    const r = await runDgwInTerminal(['--zone', 'local', '--no-color', 'sql', STATEMENT], { env });
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
    expect(r.stdout).toContain(`"d": ${D18},`);
    expect(r.stdout).toContain('"n": 9007199254740993,');
  });
});
