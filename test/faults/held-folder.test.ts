import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DGW_BIN, startDgw, tempDir } from '../support/dgw.js';
import { createQueries, expectAllPresent, localDgw, type Acknowledged } from '../support/local-faults.js';

// A data folder or a project database held by another process. A lock naming a live process
// that is not dgw fails at once (exit 13, naming the lock file and how to clear it safely), a
// lock whose process id now belongs to a later process is stale and replaced, a folder a live
// dgw holds past the wait is "busy, try again" (exit 12, no longer 2, the code for bad input),
// and a database another program has open is busy too (exit 12), never "a bug".

const tmp = tempDir('dgw-held-');
const ROOT = path.resolve(path.dirname(DGW_BIN), '..');
afterAll(() => tmp.remove());

let data: string;
let dgw: ReturnType<typeof localDgw>;
let acknowledged: Acknowledged[];
const children: ChildProcess[] = [];

beforeEach(async () => {
  data = fs.mkdtempSync(path.join(tmp.dir, 'data-'));
  dgw = localDgw(data, path.join(tmp.dir, 'config'));
  acknowledged = await createQueries(dgw, 'kept', 2);
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** A live process that is not dgw. */
function sleeper(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** The start time /proc gives a process (field 22 of /proc/PID/stat), as dgw records it. */
function startTime(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function writeLock(info: Record<string, unknown>): string {
  const file = path.join(data, 'gateway.lock');
  fs.writeFileSync(file, JSON.stringify({ mode: 'in-process', url: null, startedAt: new Date().toISOString(), ...info }));
  return file;
}

describe.skipIf(!fs.existsSync('/proc/self/stat'))('a gateway.lock naming a live process (needs /proc)', () => {
  it('that is not dgw: exit 13 at once, naming the lock file and how to clear it safely (item 14: was a 10 s wait, then exit 2)', async () => {
    const pid = sleeper();
    const file = writeLock({ pid });
    // Exit 13 and its message are the proof: the 10 s wait of before ended in exit 2 (12 now), never 13.
    const r = await dgw(['query', 'list']);
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain(`error: ${file} names process ${pid}, which is not dgw (it runs sleep 60)`);
    expect(r.stderr).toContain(`hint: if no dgw is using ${data} (ps -p ${pid} -o args shows what runs as ${pid}), delete ${file} and try again`);
    // The lock is not dgw's to remove: it is still there, and the data with it.
    expect(fs.existsSync(file)).toBe(true);
    fs.rmSync(file);
    await expectAllPresent(dgw, acknowledged);
  });

  it('whose id now belongs to a later process (start times differ): stale, replaced at once, the command works (item 14)', async () => {
    const pid = sleeper();
    writeLock({ pid, processStart: String(Number(startTime(pid)) - 1) });
    // The sleeper outlives the 10 s wait a live holder gets, which ends in exit 12: the command working is the proof.
    await expectAllPresent(dgw, acknowledged);
  });

  it('that wrote it (a dgw, as far as the lock can tell) and does not let go: exit 12, busy, try again (item 15: was exit 2)', async () => {
    const pid = sleeper();
    writeLock({ pid, processStart: startTime(pid) });
    const r = await dgw(['query', 'list', '--json'], { timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(12);
    // With --json, stderr is the one error object (#16).
    const { error } = JSON.parse(r.stderr);
    expect(error).toMatchObject({ kind: 'busy', errorCode: 'BUSY' });
    expect(error.message).toMatch(new RegExp(`^the local gateway data folder is in use by another dgw process \\(pid ${pid}\\)`));
    expect(error.hint).toMatch(/^try again when it has finished, or run `dgw serve`/);
  });

  it('dgw serve waiting for it stops at Ctrl-C: exit 130 at once, not exit 12 when the wait runs out', async () => {
    const pid = sleeper();
    writeLock({ pid, processStart: startTime(pid) });
    // The --partner-key warning is printed just before serve takes the folder: it is waiting then.
    const serve = startDgw(['serve', '--port', '0', '--data-dir', data, '--partner-key', 'a-partner-key-for-the-test'], { env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config') } });
    await serve.waitForOutput('--partner-key puts the key on the command line');
    serve.child.kill('SIGINT');
    const ended = await serve.exited;
    expect(ended.code, serve.stderr()).toBe(130);
    expect(serve.stderr()).not.toContain('in use by another dgw');
  });
});

it('a project database another program has open: exit 12 naming the file, not "a bug" (item 15)', async () => {
  const file = path.join(data, 'projects', 'demo.duckdb');
  const holder = spawn(
    process.execPath,
    ['--input-type=module', '-e', `import { DuckDBInstance } from '@duckdb/node-api'; const i = await DuckDBInstance.create(${JSON.stringify(file)}); await (await i.connect()).run('SELECT 1'); console.log('holding'); setTimeout(() => {}, 60000);`],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(holder);
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', (c: Buffer) => c.toString().includes('holding') && resolve());
    holder.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  const r = await dgw(['query', 'list']);
  expect(r.code, r.stderr).toBe(12);
  expect(r.stderr).toContain(`error: the database of project demo, ${file}, is open in another program`);
  expect(r.stderr).not.toMatch(/a bug in dgw|damaged/);
  holder.kill('SIGKILL');
  await new Promise((resolve) => holder.on('close', resolve));
  await expectAllPresent(dgw, acknowledged);
});
