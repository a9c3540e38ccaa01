import { existsSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) a process and its living descendants have used so far (Linux
 * /proc). Unlike the clock, it is not stretched by whatever else the machine runs.
 */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const id of [pid, ...descendants(pid)]) {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, fields 14 and 15 of the line, in clock ticks of 1/100 s.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Ended between the listing and the read: its time is no longer anyone's.
    }
  }
  return ticks / 100;
}

function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/**
 * Waits, however long a busy machine makes it, until `pid` and its descendants have used `seconds`
 * more CPU, or the process has ended (the caller's checks then say how); returns the wall seconds.
 */
export async function untilCpuUsed(pid: number, seconds: number): Promise<number> {
  const start = cpuSeconds(pid);
  const began = Date.now();
  while (existsSync(`/proc/${pid}`) && cpuSeconds(pid) - start < seconds) await new Promise((r) => setTimeout(r, 50));
  return (Date.now() - began) / 1000;
}

/**
 * Waits until `pid` (the process running a statement just sent: the command in-process, else the
 * server) has used half a CPU second more: more than opening a gateway takes, so DuckDB is at work
 * on the statement however busy the machine is.
 */
export async function untilDuckDBAtWork(pid: number): Promise<void> {
  await untilCpuUsed(pid, 0.5);
}
