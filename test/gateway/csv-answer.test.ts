import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../../src/gateway/app.js';
import { parseJsonExact } from '../../src/api/exact-numbers.js';
import { csvLine } from '../../src/output/csv.js';
import { defaultLimits } from '../../src/gateway/limits.js';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// Run SQL asked for CSV (`Accept: text/csv`, the local gateway's own): a SELECT is written by
// DuckDB's COPY through a named pipe, byte for byte the CSV dgw's writer makes of the JSON
// answer; everything else is answered as before (JSON). The sandbox decides as for any run SQL,
// a failure is an error status or a body cut short, and a reader that goes away, a time limit or
// many readers at once leave no pipe, connection or thread behind.

const dir = tempDir('dgw-csv-answer-');
let g: TestGateway;
let app: ReturnType<typeof createGatewayApp>;
beforeAll(async () => {
  g = await openGateway({ dataDir: dir.dir });
  app = createGatewayApp(g.gateway);
});
afterAll(async () => {
  await g.close();
  dir.remove();
});

const streamsDir = () => join(g.gateway.transferDir('demo'), 'streams');
const pipesLeft = () => (existsSync(streamsDir()) ? readdirSync(streamsDir()) : []);

const execute = (statement: string, accept = 'text/csv') =>
  app.request(`/api/v1${P}/queries/execute?format=COMPACT`, {
    method: 'POST',
    headers: { authorization: `Bearer ${g.partnerKey}`, 'content-type': 'application/json', accept },
    body: JSON.stringify({ statement }),
  });

/**
 * The CSV dgw's writer makes of DuckDB's text of each value of `statement` (its JSON answer with
 * every column cast to VARCHAR): what the answer is where no pipe can be made, and what dgw prints
 * on a terminal. DuckDB's COPY must write the same bytes.
 */
async function csvFromJson(statement: string): Promise<string> {
  const head = parseJsonExact(await (await execute(`SELECT * FROM (${statement}) LIMIT 0`, 'application/json')).text()) as { columns: Array<{ columnName: string }> };
  const texts = `SELECT ${head.columns.map((_, i) => `#${i + 1}::VARCHAR`).join(', ')} FROM (${statement})`;
  const body = parseJsonExact(await (await execute(texts, 'application/json')).text()) as { data: unknown[][] };
  return `${[csvLine(head.columns.map((c) => c.columnName)), ...body.data.map((row) => csvLine(row))].join('\n')}\n`;
}

describe('run SQL answered as CSV by DuckDB', () => {
  it('a SELECT is the CSV dgw would write from the JSON answer, byte for byte, with the CSV content type', async () => {
    const select = `SELECT i AS id, 'name ' || i AS name, i / 8 AS amount, i * 1e-9 AS tiny, TIMESTAMP '2026-01-01' + INTERVAL (i) SECOND AS at, i % 2 = 0 AS even,
      CASE WHEN i % 5 = 0 THEN NULL WHEN i % 7 = 0 THEN '' WHEN i % 11 = 0 THEN ' x' ELSE 'a,"b"' || chr(10) || 'c' END AS awkward,
      (i * 1.25)::DECIMAL(18,3) AS exact, (i::HUGEINT * 9007199254740993) AS big, DATE '2026-01-01' + (i % 400)::INTEGER AS day
      FROM range(100000) t(i)`;
    const res = await execute(select);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    expect(text).toBe(await csvFromJson(select));
    // DuckDB's own text of each value (docs/data.md "One CSV rule"): 0.0 for a double, the DECIMAL's scale kept.
    expect(text.startsWith('id,name,amount,tiny,at,even,awkward,exact,big,day\n0,name 0,0.0,0.0,2026-01-01 00:00:00,true,,0.000,0,2026-01-01\n1,name 1,0.125,1e-09,')).toBe(true);
    expect(pipesLeft()).toEqual([]);
  });

  it('columns with the same name keep it in the header', async () => {
    const res = await execute('SELECT 1 AS a, 2.5::DOUBLE AS a');
    expect(await res.text()).toBe('a,a\n1,2.5\n');
  });

  it('a column of any type (a list, a struct, an interval) is DuckDB\'s text of it too', async () => {
    for (const [statement, csv] of [
      ['SELECT [1, 2] AS l', 'l\n"[1, 2]"\n'],
      ["SELECT {'a': 1, 'b': 'x'} AS s", `s\n"{'a': 1, 'b': x}"\n`],
      ["SELECT INTERVAL '1 day' AS i, 1 AS n", 'i,n\n1 day,1\n'],
    ]) {
      const res = await execute(statement);
      expect(res.headers.get('content-type'), statement).toMatch(/^text\/csv/);
      expect(await res.text(), statement).toBe(csv);
      expect(pipesLeft()).toEqual([]);
    }
  });

  it('a result with no rows is its header line', async () => {
    expect(await (await execute('SELECT 1 AS " a", 2 AS "b,c" WHERE false')).text()).toBe(' a,"b,c"\n');
  });

  it('a saved query by name reads through the same path', async () => {
    const res = await execute('SELECT count(*) AS n FROM svc.table.orders');
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^n\n\d+\n$/);
  });

  it('anything but a SELECT, and a request that does not ask for CSV, is answered as before (JSON)', async () => {
    await execute('CREATE TABLE svc.table.csv_t (x INTEGER)', 'application/json');
    const insert = await execute('INSERT INTO svc.table.csv_t VALUES (1), (2)');
    expect(insert.headers.get('content-type')).toMatch(/json/);
    // INSERT answers its count as a BIGINT: a string, as every BIGINT (docs/output.md).
    expect(JSON.parse(await insert.text()).data).toEqual([['2']]);
    const explain = await execute('EXPLAIN SELECT 1');
    expect(explain.headers.get('content-type')).toMatch(/json/);
    const plain = await execute('SELECT 1 AS x', 'application/json');
    expect(JSON.parse(await plain.text()).data).toEqual([[1]]);
  });

  it('the sandbox decides as for any run SQL: refused reads are 400 and no file is written', async () => {
    for (const statement of [
      'SELECT * FROM svc._dgw.query_rows',
      "SELECT * FROM read_csv('/etc/passwd')",
      `SELECT 1) TO '${join(dir.dir, 'escaped.csv')}' (FORMAT csv); SELECT (1`,
      `SELECT 1 AS x\n) TO '${join(dir.dir, 'escaped.csv')}' (FORMAT csv) --`,
    ]) {
      const res = await execute(statement);
      expect(res.status, statement).toBe(400);
      expect(res.headers.get('content-type'), statement).toMatch(/json/);
    }
    expect(existsSync(join(dir.dir, 'escaped.csv'))).toBe(false);
    expect(pipesLeft()).toEqual([]);
  });

  it('an error found before the first bytes is the status; one after them cuts the body short', async () => {
    const early = await execute('SELECT * FROM svc.table.nosuch');
    expect(early.status).toBe(400);
    expect(JSON.parse(await early.text()).message).toMatch(/nosuch/);
    const late = await execute("SELECT CASE WHEN i = 250000 THEN error('boom') ELSE i END AS n FROM range(400000) t(i)");
    expect(late.status).toBe(200);
    const reader = late.body!.getReader();
    let bytes = 0;
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        bytes += value.byteLength;
      }
    })().catch((error: unknown) => error as { errorCode?: string });
    expect(failure).toBeDefined();
    expect(bytes).toBeGreaterThan(0);
    expect(pipesLeft()).toEqual([]);
  });

  it('a reader that cancels mid-answer leaves no pipe behind, and the next answers come', async () => {
    for (let round = 0; round < 4; round++) {
      const res = await execute('SELECT i AS n FROM range(20000000) t(i)');
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
    }
    const next = await execute('SELECT 42 AS n');
    expect(await next.text()).toBe('n\n42\n');
    await expect.poll(pipesLeft).toEqual([]);
  });

  it('more readers at once than streams run: none waits; those without a place get the JSON of the same texts, at once', async () => {
    const select = 'SELECT i AS n, i * 2 AS m FROM range(100000) t(i)';
    const answers = await Promise.all(Array.from({ length: 5 }, () => execute(select)));
    const expected = await csvFromJson(select);
    const kinds = [];
    for (const res of answers) {
      const csv = /^text\/csv/.test(res.headers.get('content-type') ?? '');
      kinds.push(csv ? 'csv' : 'json');
      if (csv) expect(await res.text()).toBe(expected);
      else expect(csvOfTexts(await res.text())).toBe(expected);
    }
    // One key holds one place at a time: the partner key's first request streams, the rest are JSON.
    expect(kinds.filter((k) => k === 'csv')).toHaveLength(1);
  });

  it('places are fair across keys: a key that holds one does not take the other from another key', async () => {
    const held = await execute('SELECT i AS n FROM range(20000000) t(i)');
    const reader = held.body!.getReader();
    await reader.read();
    const again = await execute('SELECT 1 AS n');
    expect(again.headers.get('content-type')).toMatch(/json/);
    const other = await app.request(`/api/v1${P}/queries/execute?format=COMPACT`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.demoKey}`, 'content-type': 'application/json', accept: 'text/csv' },
      body: JSON.stringify({ statement: 'SELECT 2 AS n' }),
    });
    expect(other.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await other.text()).toBe('n\n2\n');
    await reader.cancel();
  });
});

/** A JSON answer of DuckDB's texts (the CSV path where no place or pipe is free), printed by dgw's CSV writer. */
function csvOfTexts(text: string): string {
  const body = parseJsonExact(text) as { columns: Array<{ columnName: string }>; data: unknown[][] };
  return `${[csvLine(body.columns.map((c) => c.columnName)), ...body.data.map((row) => csvLine(row))].join('\n')}\n`;
}

describe('a CSV answer whose reader stalls', () => {
  it('loses its place after the stall, though its time limit is far: the next request streams again', async () => {
    const slow = tempDir('dgw-csv-stall-place-');
    const sg = await openGateway({ dataDir: slow.dir, limits: { ...defaultLimits(), readerStallMs: 300 } });
    const sapp = createGatewayApp(sg.gateway);
    const run = (statement: string, key: string) =>
      sapp.request(`/api/v1${P}/queries/execute`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'text/csv' },
        body: JSON.stringify({ statement }),
      });
    try {
      // Both places taken (one per key), each read once and then left.
      const stalled = [await run('SELECT i AS n FROM range(50000000) t(i)', sg.partnerKey), await run('SELECT i AS n FROM range(50000000) t(i)', sg.demoKey)];
      for (const res of stalled) await res.body!.getReader().read();
      // Until the stall frees them, a third request is answered by the JSON path; then it streams.
      await expect.poll(async () => (await run('SELECT 7 AS n', sg.partnerKey)).headers.get('content-type'), { timeout: 30_000, interval: 100 }).toMatch(/^text\/csv/);
    } finally {
      await sg.close();
      slow.remove();
    }
  });

  it('is stopped by the time limit, and frees its place for the next answer', async () => {
    const slow = tempDir('dgw-csv-stall-');
    const sg = await openGateway({ dataDir: slow.dir, limits: { ...defaultLimits(), statementTimeoutMs: 1500 } });
    const sapp = createGatewayApp(sg.gateway);
    const run = (statement: string) =>
      sapp.request(`/api/v1${P}/queries/execute`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sg.partnerKey}`, 'content-type': 'application/json', accept: 'text/csv' },
        body: JSON.stringify({ statement }),
      });
    try {
      // Two answers read once and then left: their COPYs fill their pipes and wait.
      const stalled = await Promise.all([run('SELECT i AS n FROM range(50000000) t(i)'), run('SELECT i AS n FROM range(50000000) t(i)')]);
      for (const res of stalled) await res.body!.getReader().read();
      // Past their time limit: they are stopped, and their places free, though no one reads them.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const next = await run('SELECT 7 AS n');
      expect(await next.text()).toBe('n\n7\n');
      const streams = join(sg.gateway.transferDir('demo'), 'streams');
      await expect.poll(() => (existsSync(streams) ? readdirSync(streams) : []), { timeout: 10_000 }).toEqual([]);
    } finally {
      await sg.close();
      slow.remove();
    }
  });
});

describe('named pipes left by a gateway that was killed mid-answer', () => {
  it('are removed when the next gateway opens the data folder (in its secret folder, or where they were kept before)', async () => {
    const left = tempDir('dgw-csv-left-');
    const earlier = join(left.dir, 'transfer', 'demo', `t-${'a'.repeat(32)}`, 'streams');
    const older = join(left.dir, 'transfer', 'demo', 'streams');
    for (const streams of [earlier, older]) {
      mkdirSync(streams, { recursive: true });
      execFileSync('mkfifo', [join(streams, 'left-behind.csv')]);
    }
    const next = await openGateway({ dataDir: left.dir });
    try {
      expect(existsSync(earlier)).toBe(false);
      expect(existsSync(older)).toBe(false);
      expect(readdirSync(join(left.dir, 'transfer', 'demo'))).toEqual([next.gateway.transferDir('demo').split('/').pop()]);
    } finally {
      await next.close();
      left.remove();
    }
  });
});
