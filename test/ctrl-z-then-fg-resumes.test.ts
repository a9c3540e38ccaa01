import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startDgw, type RunningDgw } from './support/dgw.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// Ctrl-Z at a confirmation or at the SQL shell's prompt, then `fg`: readline paused its input on
// the way back and nothing resumed it, so the process ran out of work and ended, exit 0, with the
// question unanswered (nothing deleted, yet success) or the shell gone.
//
// Under `script` dgw leads its own session, where the kernel does not stop it at Ctrl-Z; the test
// sends the SIGCONT that `fg` would, once readline waits for it.

const { server, env } = useStandIn();
const QID = '3f2b8c1e-0000-4000-8000-000000000001';

/** dgw's own process: `script`'s child (the command line execs it). */
function dgwPid(running: RunningDgw): number {
  const children = fs.readFileSync(`/proc/${running.child.pid}/task/${running.child.pid}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0]);
}

/** Types Ctrl-Z, then sends SIGCONT once readline has taken SIGCONT (it does so at Ctrl-Z), as `fg` does. */
async function suspendAndResume(running: RunningDgw): Promise<void> {
  const pid = dgwPid(running);
  const catchesSigcont = () => (BigInt(`0x${/^SigCgt:\s*([0-9a-f]+)$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]}`) >> 17n) & 1n;
  const before = catchesSigcont();
  expect(before).toBe(0n);
  running.child.stdin!.write('\x1a');
  while (catchesSigcont() === 0n) await new Promise((r) => setTimeout(r, 10));
  process.kill(pid, 'SIGCONT');
}

describe.skipIf(!fs.existsSync('/proc/self/task'))('Ctrl-Z, then fg', () => {
  it('at a confirmation: the question is still asked, and "n" is exit 2, nothing deleted', async () => {
    server.on('GET', /\/queries$/, { json: [] });
    server.on('GET', `/data/projects/proj-1/queries/${QID}`, { json: queryJson({ id: QID, name: 'doomed' }) });
    server.on('DELETE', /queries/, { status: 200 });
    const running = startDgw(['query', 'rm', QID], { terminal: true, env: env() });
    await running.waitForOutput('[y/N]');
    await suspendAndResume(running);
    running.child.stdin!.write('n\r');
    const ended = await running.exited;
    expect(ended.code, running.stdout()).toBe(2);
    expect(running.stdout()).toMatch(/nothing was changed/);
    expect(server.requests.filter((q) => q.method === 'DELETE')).toHaveLength(0);
  });

  it('at the SQL shell\'s prompt: the shell goes on', async () => {
    const running = startDgw(['sql'], { terminal: true, env: env() });
    await running.waitForOutput('dgw> ');
    await suspendAndResume(running);
    running.child.stdin!.write('.help\r');
    await running.waitForOutput('History (arrow keys)');
    running.child.stdin!.write('.exit\r');
    expect((await running.exited).code).toBe(0);
  });
});
