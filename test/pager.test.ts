import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDgw, tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// Output taller than the terminal goes through a pager on a terminal, and never elsewhere. The
// pager here is a script that records that it ran, its arguments and what it was given.

const P = '/data/projects/proj-1';
const tmp = tempDir('dgw-pager-');
afterAll(() => tmp.remove());

let serial = 0;
/** A fake pager: notes its arguments in `ran`, copies its input to `got`; `extra` runs after. */
function fakePager(extra = ''): { command: string; ran: string; got: string } {
  serial += 1;
  const ran = path.join(tmp.dir, `ran-${serial}`);
  const got = path.join(tmp.dir, `got-${serial}`);
  const script = path.join(tmp.dir, `pager-${serial}.sh`);
  fs.writeFileSync(script, `#!/bin/sh\necho "$@" > '${ran}'\ncat > '${got}'\n${extra}\n`, { mode: 0o755 });
  return { command: `${script} --from-dgw`, ran, got };
}

// Taller than both terminals here: the pseudo-terminal's 20 rows and the 50 of one in this process.
const many = Array.from({ length: 60 }, (_, i) => queryJson({ id: `3f2b8c1e-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `q${i}`, displayName: `Query ${i}` }));
const few = many.slice(0, 3);
const last = many[many.length - 1];

describe('the pager', () => {
  const { server, dgw, env } = useStandIn();
  // A terminal of 80 by 20 for a spawned dgw (the pseudo-terminal reports no size: dgw reads COLUMNS and LINES).
  const screen = { COLUMNS: '80', LINES: '20' };
  /** stdout and stderr a terminal of 80 by 50, in this process (the pager is still a process of its own); both as the terminal shows them in `screen`. */
  const dgwInTerminal = async (args: string[], options: { env: Record<string, string> }) => {
    const r = await runInProcess(args, { env: { PATH: process.env.PATH ?? '', ...env(), ...options.env }, terminalColumns: 80 });
    return { ...r, screen: r.stdout + r.stderr };
  };

  it('runs for output taller than the terminal, and gets the whole table', async () => {
    server.on('GET', `${P}/queries`, { json: many });
    const pager = fakePager();
    const r = await dgwInTerminal(['query', 'list'], { env: { DGW_PAGER: pager.command } });
    expect(r.code, r.screen).toBe(0);
    expect(fs.readFileSync(pager.ran, 'utf8').trim()).toBe('--from-dgw');
    const paged = fs.readFileSync(pager.got, 'utf8');
    for (const q of many) expect(paged).toContain(q.id);
    // It went to the pager, not straight to the terminal.
    expect(r.stdout).not.toContain(last.id);
  });

  it('PAGER when DGW_PAGER is unset', async () => {
    server.on('GET', `${P}/queries`, { json: many });
    const pager = fakePager();
    const r = await dgwInTerminal(['query', 'list'], { env: { PAGER: pager.command } });
    expect(r.code).toBe(0);
    expect(fs.existsSync(pager.ran)).toBe(true);
  });

  it('does not run for output that fits the screen', async () => {
    server.on('GET', `${P}/queries`, { json: few });
    const pager = fakePager();
    const r = await dgwInTerminal(['query', 'list'], { env: { DGW_PAGER: pager.command } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(few[2].id);
    expect(fs.existsSync(pager.ran)).toBe(false);
  });

  it('never in a pipe, with --no-pager, with an empty DGW_PAGER, in CI, or for JSON', async () => {
    const pager = fakePager();
    const each = async (what: string, run: () => Promise<{ code: number | null; stdout: string }>) => {
      server.on('GET', `${P}/queries`, { json: many });
      const r = await run();
      expect(r.code, what).toBe(0);
      expect(r.stdout, what).toContain(last.id);
      expect(fs.existsSync(pager.ran), what).toBe(false);
    };
    await each('a pipe', () => dgw(['query', 'list'], { env: { ...screen, DGW_PAGER: pager.command } }));
    await each('--format table into a pipe', () => dgw(['query', 'list', '--format', 'table'], { env: { ...screen, DGW_PAGER: pager.command } }));
    await each('--no-pager', () => dgwInTerminal(['query', 'list', '--no-pager'], { env: { DGW_PAGER: pager.command } }));
    await each('--no-pager before the command', () => dgwInTerminal(['--no-pager', 'query', 'list'], { env: { DGW_PAGER: pager.command } }));
    await each('an empty DGW_PAGER', () => dgwInTerminal(['query', 'list'], { env: { DGW_PAGER: '', PAGER: pager.command } }));
    await each('CI', () => dgwInTerminal(['query', 'list'], { env: { DGW_PAGER: pager.command, CI: 'true' } }));
    await each('--json on a terminal', () => dgwInTerminal(['query', 'list', '--json'], { env: { DGW_PAGER: pager.command } }));
    // The pipe's bytes are the tab-separated rows, exactly.
    server.on('GET', `${P}/queries`, { json: many });
    const piped = await dgw(['query', 'list'], { env: { ...screen, DGW_PAGER: pager.command } });
    expect(piped.stdout.split('\n')[0]).toBe(`${many[0].id}\tq0\tQuery 0\tPLAIN\t/\t\\N`);
  });

  it('a pager that is missing leaves the output plain, with a warning', async () => {
    server.on('GET', `${P}/queries`, { json: many });
    const r = await dgwInTerminal(['query', 'list'], { env: { DGW_PAGER: path.join(tmp.dir, 'no-such-pager') } });
    expect(r.code, r.screen).toBe(0);
    for (const q of many) expect(r.stdout).toContain(q.id);
    expect(r.screen).toMatch(/warning: pager .*no-such-pager not found/);
  });

  it('quitting the pager before the end is no error: exit 0, nothing more said', async () => {
    server.on('GET', `${P}/queries`, { json: many });
    // Reads one line and leaves, as q pressed at once does.
    const quitter = path.join(tmp.dir, 'quitter.sh');
    fs.writeFileSync(quitter, '#!/bin/sh\nhead -n 1 > /dev/null\n', { mode: 0o755 });
    const r = await dgwInTerminal(['query', 'list'], { env: { DGW_PAGER: quitter } });
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).not.toMatch(/error|EPIPE/i);
  });

  it('dgw serve, which runs until stopped, prints at once and never pages', async () => {
    const pager = fakePager();
    const data = path.join(tmp.dir, 'serve-data');
    const serve = startDgw(['serve', '--port', '0', '--data-dir', data], { terminal: true, env: { ...env(), COLUMNS: '80', LINES: '3', DGW_PAGER: pager.command } });
    await serve.waitForOutput('API shape', 30_000);
    expect(serve.stdout()).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
    serve.child.stdin!.write('\x03');
    await serve.exited;
    expect(fs.existsSync(pager.ran)).toBe(false);
  });

  it('Ctrl-C while the pager shows is the pager\'s: dgw says no "stopping..." and exits 0 when it closes', async () => {
    server.on('GET', `${P}/queries`, { json: many });
    const shown = path.join(tmp.dir, 'shown');
    const heard = path.join(tmp.dir, 'heard');
    const release = path.join(tmp.dir, 'release');
    // As less does: Ctrl-C does not end it; it ends when the person is done (here: a file appears).
    const pager = fakePager(`trap "touch '${heard}'" INT\ntouch '${shown}'\nwhile [ ! -e '${release}' ]; do sleep 0.05; done`);
    const running = startDgw(['query', 'list'], { terminal: true, env: { ...env(), ...screen, DGW_PAGER: pager.command } });
    await waitForFile(shown);
    running.child.stdin!.write('\x03');
    // The terminal signals dgw and the pager together: once the pager heard it, dgw's SIGINT came
    // before the SIGCHLD of the pager's exit, so dgw handles it while the pager still shows.
    await waitForFile(heard);
    fs.writeFileSync(release, '');
    const { code } = await running.exited;
    expect(running.stdout()).not.toContain('stopping');
    expect(code).toBe(0);
    expect(fs.readFileSync(pager.got, 'utf8')).toContain(last.id);
  });

});

async function waitForFile(file: string, ms = 45_000): Promise<void> {
  const until = Date.now() + ms;
  while (!fs.existsSync(file)) {
    if (Date.now() > until) throw new Error(`${file} did not appear in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
