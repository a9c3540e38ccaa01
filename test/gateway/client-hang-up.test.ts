import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { P, useServedGateway } from './helpers.js';

// A client that hangs up while its statement runs stops that statement: DuckDB is interrupted,
// so the served gateway does not keep a core busy for a request no one will read. Seen as the CPU
// time the dgw serve process uses (Linux /proc): the statement is hours of work, so a second with
// almost none after the hang-up can only be the interrupt's doing, however busy the machine.

const ISSUE = 'SELECT count(*) FROM range(10000000000000)';
const served = useServedGateway('dgw-hang-up-');

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks of 1/100 s on Linux.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function cpuOver(ms: number): Promise<number> {
  const before = cpuSeconds(served().child.pid!);
  await new Promise((r) => setTimeout(r, ms));
  return cpuSeconds(served().child.pid!) - before;
}

/** Waits, however long a busy machine makes it, until the server has used `seconds` more CPU; returns how long that took. */
async function untilCpuUsed(seconds: number): Promise<number> {
  const start = cpuSeconds(served().child.pid!);
  const began = Date.now();
  while (cpuSeconds(served().child.pid!) - start < seconds) await new Promise((r) => setTimeout(r, 100));
  return (Date.now() - began) / 1000;
}

describe.runIf(process.platform === 'linux')('a client that hangs up', () => {
  it('stops its statement: the server goes idle', async () => {
    const controller = new AbortController();
    const request = fetch(`${served().baseUrl}${P}/queries/execute`, {
      method: 'POST',
      headers: { authorization: `Bearer ${served().partnerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ statement: ISSUE }),
      signal: controller.signal,
    }).catch(() => undefined);
    // The statement runs: the server works. How fast it gets there depends on what else the machine runs.
    const busy = await untilCpuUsed(0.3);
    controller.abort();
    await request;
    // And then it does not: a second of (almost) no CPU comes, however long a busy machine takes to get there.
    let idle = await cpuOver(1000);
    while (idle >= 0.1) idle = await cpuOver(1000);
    expect(idle, `CPU seconds: 0.3 in ${busy.toFixed(2)} s running, ${idle.toFixed(2)} in a second after the hang-up`).toBeLessThan(0.1);
    const next = await served().call('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT 42' });
    expect(next.body.data).toEqual([[42]]);
  });
});
