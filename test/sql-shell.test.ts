import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startDgw, tempDir, type RunningDgw } from './support/dgw.js';
import { untilDuckDBAtWork } from './support/process-cpu.js';
import { runAsBinaryWould } from './support/in-process.js';

// dgw sql with no statement on a terminal: an interactive shell on the local gateway, driven
// through a pseudo-terminal as a person types (Enter is \r, Ctrl-C \x03, Ctrl-D \x04, Up \x1b[A).
const home = tempDir('dgw-shell-');
const env = {
  DGW_CONFIG_DIR: path.join(home.dir, 'config'),
  DGW_LOCAL_DIR: path.join(home.dir, 'local'),
  XDG_DATA_HOME: path.join(home.dir, 'data'),
  HOME: home.dir,
  DGW_ZONE: 'local',
};
const historyFile = path.join(home.dir, 'data', 'dgw', 'sql_history');
afterAll(() => home.remove());

/** Terminal output without its escape sequences (ESC [ ... letter) and carriage returns. */
const plain = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g'), '').replace(/\r/g, '');

/** Types a line and waits until `expected` shows up after it (a busy machine may take many seconds; the test's own limit is longer still). */
async function type(shell: RunningDgw, keys: string, expected: string, ms = 45_000): Promise<string> {
  const before = shell.stdout().length;
  shell.child.stdin!.write(keys);
  const deadline = Date.now() + ms;
  while (!plain(shell.stdout().slice(before)).includes(expected)) {
    if (Date.now() > deadline) throw new Error(`no "${expected}" after ${JSON.stringify(keys)}:\n${plain(shell.stdout().slice(before))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return plain(shell.stdout().slice(before));
}

const shells: RunningDgw[] = [];
function openShell(extraEnv: Record<string, string> = {}): RunningDgw {
  const shell = startDgw(['sql'], { env: { ...env, ...extraEnv }, terminal: true });
  shells.push(shell);
  return shell;
}
// A shell a failed test left open would hold the local gateway's folder for the tests after it.
afterEach(() => {
  for (const shell of shells.splice(0)) if (shell.child.exitCode === null && shell.child.signalCode === null) shell.child.kill('SIGKILL');
});

describe('the SQL shell', () => {
  it('runs two statements, a multi-line one and a failing one, then leaves with .exit', async () => {
    const shell = openShell();
    await shell.waitForOutput('dgw> ', 30_000);
    const first = await type(shell, 'SELECT 40 + 2 AS answer;\r', 'dgw> ');
    expect(first).toMatch(/answer[\s\S]*42/);
    // A table: the header, its rule, the value right-aligned under it.
    expect(first).toMatch(/─+\s+42/);
    const second = await type(shell, "SELECT count(*) AS n FROM svc.table.orders WHERE status = 'shipped';\r", 'dgw> ');
    expect(second).toMatch(/\bn\b[\s\S]*\d/);
    // A statement over three lines: the continuation prompt, then the result.
    await type(shell, "SELECT 'multi' AS word,\r", '-> ');
    await type(shell, '  7 AS n\r', '-> ');
    const multi = await type(shell, '  ;\r', 'dgw> ');
    expect(multi).toMatch(/word[\s\S]*multi[\s\S]*7/);
    // A semicolon inside a string does not end the statement.
    const quoted = await type(shell, "SELECT 'a;b' AS s;\r", 'dgw> ');
    expect(quoted).toContain('a;b');
    const failing = await type(shell, 'SELECT no_such_column FROM svc.table.orders;\r', 'dgw> ');
    expect(failing).toMatch(/error: .*no_such_column/);
    const after = await type(shell, 'SELECT 1 AS still_here;\r', 'dgw> ');
    expect(after).toContain('still_here');
    shell.child.stdin!.write('.exit\r');
    const { code } = await shell.exited;
    expect(code).toBe(0);
  }, 90_000);

  it('keeps the history across two runs, in a 0600 file of the user data folder', async () => {
    const first = openShell();
    await first.waitForOutput('dgw> ', 30_000);
    await type(first, 'SELECT 314 AS remembered;\r', 'dgw> ');
    first.child.stdin!.write('\x04');
    expect((await first.exited).code).toBe(0);
    expect(fs.statSync(historyFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(historyFile, 'utf8')).toContain('SELECT 314 AS remembered;');

    const second = openShell();
    await second.waitForOutput('dgw> ', 30_000);
    // Up arrow brings the statement back; Enter runs it.
    await type(second, '\x1b[A', 'SELECT 314 AS remembered;');
    const again = await type(second, '\r', 'dgw> ');
    expect(again).toMatch(/remembered[\s\S]*314/);
    second.child.stdin!.write('.exit\r');
    expect((await second.exited).code).toBe(0);
  }, 90_000);

  it('never saves a line holding the API key in use; the file stays 0600 however it was before', async () => {
    const created = await runAsBinaryWould(['key', 'create', 'shell-history'], { env });
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim();
    expect(key.length).toBeGreaterThan(16);
    fs.chmodSync(historyFile, 0o644);
    const shell = openShell({ DGW_API_KEY: key });
    await shell.waitForOutput('dgw> ', 30_000);
    await type(shell, `SELECT '${key}' AS pasted;\r`, 'dgw> ');
    await type(shell, 'SELECT 271 AS kept;\r', 'dgw> ');
    shell.child.stdin!.write('\x04');
    expect((await shell.exited).code).toBe(0);
    const saved = fs.readFileSync(historyFile, 'utf8');
    expect(saved).toContain('SELECT 271 AS kept;');
    expect(saved).not.toContain(key);
    expect(fs.statSync(historyFile).mode & 0o777).toBe(0o600);
  }, 90_000);

  it('Ctrl-D leaves on a new line, and says an unfinished statement was not run', async () => {
    const shell = openShell();
    await shell.waitForOutput('dgw> ', 30_000);
    await type(shell, "SELECT 'pending' AS p\r", '-> ');
    shell.child.stdin!.write('\x04');
    expect((await shell.exited).code).toBe(0);
    expect(plain(shell.stdout())).toMatch(/-> \n\(the unfinished statement was not run\)\n$/);
  }, 90_000);

  it('.help works mid-statement, which goes on; inside a string the line is the string\'s; .exit mid-statement says what it drops', async () => {
    const shell = openShell();
    await shell.waitForOutput('dgw> ', 30_000);
    await type(shell, "SELECT 'half' AS h\r", '-> ');
    expect(await type(shell, '.help\r', '-> ')).toContain('End a statement with ;');
    expect(await type(shell, ';\r', 'dgw> ')).toMatch(/h[\s\S]*half/);
    await type(shell, "SELECT 'a\r", '-> ');
    expect(await type(shell, '.help\r', '-> ')).not.toContain('End a statement with ;');
    expect(await type(shell, "' AS s;\r", 'dgw> ')).toContain('.help');
    await type(shell, 'SELECT 1\r', '-> ');
    shell.child.stdin!.write('.exit\r');
    expect((await shell.exited).code).toBe(0);
    expect(plain(shell.stdout())).toMatch(/\(the unfinished statement was not run\)\n$/);
  }, 90_000);

  it("takes psql's spellings: \\? for help, \\q to leave, exit or quit alone at the prompt; another backslash command is unknown", async () => {
    const shell = openShell();
    await shell.waitForOutput('dgw> ', 30_000);
    expect(await type(shell, '\\?\r', 'dgw> ')).toContain('End a statement with ;');
    expect(await type(shell, '\\dt\r', 'dgw> ')).toContain('unknown command \\dt; .help lists them');
    // Mid-statement, quit is the statement's own word.
    await type(shell, 'SELECT 1\r', '-> ');
    expect(await type(shell, 'quit;\r', 'dgw> ')).toMatch(/quit[\s\S]*1/);
    shell.child.stdin!.write('\\q\r');
    expect((await shell.exited).code).toBe(0);
    const again = openShell();
    await again.waitForOutput('dgw> ', 30_000);
    again.child.stdin!.write('quit\r');
    expect((await again.exited).code).toBe(0);
  }, 90_000);

  it('a comment after the last ; starts no statement: .exit still leaves', async () => {
    const shell = openShell();
    await shell.waitForOutput('dgw> ', 30_000);
    const result = await type(shell, 'SELECT 9 AS nine; -- the answer\r', 'dgw> ');
    expect(result).toMatch(/nine[\s\S]*9/);
    // An open block comment does continue the statement.
    await type(shell, 'SELECT 10 AS ten; /* still\r', '-> ');
    await type(shell, 'open */\r', 'dgw> ');
    shell.child.stdin!.write('.exit\r');
    expect((await shell.exited).code).toBe(0);
  }, 90_000);

  it('Ctrl-C cancels a long statement, not the shell; at the prompt it clears a half-typed statement', async () => {
    const shell = openShell();
    await shell.waitForOutput('dgw> ', 30_000);
    const before = shell.stdout().length;
    // Hours of work: the prompt coming back at all proves Ctrl-C cancelled it.
    shell.child.stdin!.write('SELECT count(*) AS slow FROM range(1000000000000) t(i) WHERE hash(i) % 7 = 3;\r');
    // DuckDB at work on it (the terminal's dgw is a descendant), then interrupted; a Ctrl-C that came sooner would cancel it all the same.
    await untilDuckDBAtWork(shell.child.pid!);
    const cancelled = await type(shell, '\x03', 'dgw> ');
    expect(cancelled).toContain('cancelled');
    // No result table (a header rule over a number) was printed for the cancelled statement.
    expect(plain(shell.stdout().slice(before))).not.toMatch(/─+\s+\d+/);
    // The shell is still there, and the gateway answers the next statement.
    const next = await type(shell, 'SELECT 5 AS after_cancel;\r', 'dgw> ');
    expect(next).toMatch(/after_cancel[\s\S]*5/);
    // A half-typed statement, then Ctrl-C: it is forgotten.
    await type(shell, 'SELECT 1 AS forgotten,\r', '-> ');
    await type(shell, '\x03', 'dgw> ');
    const clean = await type(shell, 'SELECT 2 AS two;\r', 'dgw> ');
    expect(clean).toMatch(/two[\s\S]*2/);
    expect(clean).not.toContain('forgotten');
    expect(clean).not.toContain('error');
    shell.child.stdin!.write('.exit\r');
    expect((await shell.exited).code).toBe(0);
  }, 90_000);

  // Ctrl-D typed while a statement runs closes the terminal's input at once: the shell must
  // print that statement's result and leave (exit 0), not fail drawing the next prompt (exit 1).
  it('Ctrl-D while a statement runs: its result prints, then the shell leaves with exit 0', async () => {
    const shell = openShell();
    await shell.waitForOutput('dgw> ', 30_000);
    const before = shell.stdout().length;
    shell.child.stdin!.write('SELECT count(*) AS counted FROM range(300000000) t(i) WHERE hash(i) % 7 = 3;\r');
    await new Promise((r) => setTimeout(r, 300));
    shell.child.stdin!.write('\x04');
    const { code } = await shell.exited;
    const shown = plain(shell.stdout().slice(before));
    expect(shown).toMatch(/counted[\s\S]*─+\s+\d+/);
    expect(shown).not.toContain('unexpected failure');
    expect(code).toBe(0);
  }, 90_000);

  it('never pages: a result taller than the terminal is printed, and the shell goes on', async () => {
    const ran = path.join(home.dir, 'pager-ran');
    const pager = path.join(home.dir, 'pager.sh');
    fs.writeFileSync(pager, `#!/bin/sh\ntouch '${ran}'\ncat > /dev/null\n`, { mode: 0o755 });
    const shell = openShell({ DGW_PAGER: pager, COLUMNS: '80', LINES: '10' });
    await shell.waitForOutput('dgw> ', 30_000);
    const tall = await type(shell, 'SELECT range AS n FROM range(40);\r', 'dgw> ');
    expect(tall).toMatch(/\b39\b/);
    expect(fs.existsSync(ran)).toBe(false);
    await type(shell, '.exit\r', '');
    expect((await shell.exited).code).toBe(0);
  });

  it('off a terminal, dgw sql with no statement reads it from stdin', async () => {
    const r = await runAsBinaryWould(['sql'], { env, input: 'SELECT 6 * 7 AS product' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('42\n');
    const empty = await runAsBinaryWould(['sql'], { env, input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/no SQL statement/);
  });
});
