import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuSeconds } from '../support/process-cpu.js';
import { P, useServedGateway } from './helpers.js';

// A statement too large or too complex to run safely is refused before it runs: SQL text over
// 256 KiB (400 STATEMENT_TOO_LARGE), a plan of more than 5,000 operators (400
// STATEMENT_TOO_COMPLEX). The 380 KB `SELECT 1 UNION ALL ...` took 35 s and 4.1 GB of a
// served gateway; measured here as the server's CPU time for the answer and its peak memory (Linux /proc).

const served = useServedGateway('dgw-size-limit-');

const unionOf = (n: number) => Array(n).fill('SELECT 1').join(' UNION ALL ');

/** The server's peak resident memory so far, in MiB. */
function peakMiB(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${served().child.pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

async function timedRun(statement: string) {
  const started = cpuSeconds(served().child.pid!);
  const r = await served().call('POST', `${P}/queries/execute?format=COMPACT`, { statement });
  return { ...r, cpu: cpuSeconds(served().child.pid!) - started };
}

describe.runIf(process.platform === 'linux')('statements too large or too complex', () => {
  it("the issue's 380 KB SELECT 1 UNION ALL ...: refused at once, no memory spent", async () => {
    const statement = unionOf(20_500);
    expect(Buffer.byteLength(statement)).toBeGreaterThan(380_000);
    const before = peakMiB();
    const r = await timedRun(statement);
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('STATEMENT_TOO_LARGE');
    expect(r.body.message).toMatch(/statement is 38\d\.\d KiB of SQL; the local gateway takes at most 256 KiB/);
    expect(r.cpu).toBeLessThan(1);
    expect(peakMiB() - before).toBeLessThan(50);
  });

  it('a 150 KB one, under the size limit: refused by its plan in seconds, with little memory', async () => {
    const before = peakMiB();
    const r = await timedRun(unionOf(8000));
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('STATEMENT_TOO_COMPLEX');
    expect(r.body.message).toMatch(/plans into \d+ operators.*at most 5000/);
    expect(r.cpu).toBeLessThan(10);
    expect(peakMiB() - before, `peak ${peakMiB().toFixed(0)} MiB`).toBeLessThan(500);
  });

  it('a plan of fewer operators runs', async () => {
    const r = await timedRun(`SELECT count(*) FROM (${unionOf(1000)})`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual([['1000']]);
  });

  it('a large statement that is simple still runs: an INSERT of 5,000 rows in 200 KB', async () => {
    await served().call('POST', `${P}/queries/execute`, { statement: 'CREATE TABLE svc.table.bulk (id BIGINT, note VARCHAR)' });
    const rows = Array.from({ length: 5000 }, (_, i) => `(${i}, 'row number ${String(i).padStart(6, '0')} of the bulk insert')`);
    const statement = `INSERT INTO svc.table.bulk VALUES ${rows.join(', ')}`;
    expect(Buffer.byteLength(statement)).toBeGreaterThan(200_000);
    const r = await timedRun(statement);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual([['5000']]);
  });

  it('the same limits hold for a saved query', async () => {
    const big = await served().call('POST', `${P}/queries`, { displayName: 'Too big', inputQuery: unionOf(20_500) });
    expect(big.status).toBe(400);
    expect(big.body.errorCode).toBe('STATEMENT_TOO_LARGE');
    expect(big.body.message).toMatch(/^inputQuery is/);
    const complex = await served().call('POST', `${P}/queries?checkSchemaExists=false`, { displayName: 'Too complex', queryType: 'MATERIALIZED', inputQuery: unionOf(8000) });
    expect(complex.status).toBe(400);
    expect(complex.body.errorCode).toBe('STATEMENT_TOO_COMPLEX');
  });
});
