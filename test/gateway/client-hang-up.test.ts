import { describe, expect, it } from 'vitest';
import { cpuSeconds, untilCpuUsed } from '../support/process-cpu.js';
import { P, useServedGateway } from './helpers.js';

// A client that hangs up while its statement runs stops that statement: DuckDB is interrupted,
// so the served gateway does not keep a core busy for a request no one will read. Seen as the CPU
// time the dgw serve process uses (Linux /proc): the statement is hours of work, so a second with
// almost none after the hang-up can only be the interrupt's doing, however busy the machine.

const ISSUE = 'SELECT count(*) FROM range(10000000000000)';
const served = useServedGateway('dgw-hang-up-');

async function cpuOver(ms: number): Promise<number> {
  const before = cpuSeconds(served().child.pid!);
  await new Promise((r) => setTimeout(r, ms));
  return cpuSeconds(served().child.pid!) - before;
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
    const busy = await untilCpuUsed(served().child.pid!, 0.3);
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
