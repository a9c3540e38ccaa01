import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// dgw query edit QUERY: the SQL in $VISUAL/$EDITOR (a temporary .sql file, 0600, removed after),
// updated only when the text changed; an empty file, a failing editor, Ctrl-C and no terminal send nothing.
const { server, dgw, env } = useStandIn();
/**
 * dgw in this process on a terminal of 80 columns that answers as a person would; the editor it
 * starts is a process of its own all the same. Output as a terminal shows it: stdout, then stderr.
 */
async function dgwInTerminal(args: string[], options: { env: Record<string, string> }): Promise<{ code: number; stdout: string }> {
  const r = await runAsBinaryWould(args, { env: { ...env(), ...options.env }, interactive: true, terminalColumns: 80 });
  return { code: r.code, stdout: r.stdout + r.stderr };
}
const ID = '709922802836177297';
const QUERY = `/data/projects/proj-1/queries/${ID}`;
const original = queryJson({ id: ID, name: 'revenue', displayName: 'Revenue', inputQuery: 'SELECT 1 AS a' });
const bin = tempDir('dgw-editors-');
const log = path.join(bin.dir, 'log');
afterAll(() => bin.remove());

/** An editor: a shell script that logs its arguments, the file's mode and folder, then does `body`. */
function editor(name: string, body: string): string {
  const file = path.join(bin.dir, name);
  fs.writeFileSync(file, `#!/bin/sh\nfor a in "$@"; do echo "arg:$a" >> '${log}'; done\nf="$1"; [ "$1" = --wait ] && f="$2"\necho "mode:$(stat -c %a "$f")" >> '${log}'\necho "file:$f" >> '${log}'\necho "text:$(cat "$f")" >> '${log}'\n${body}\n`, { mode: 0o755 });
  return file;
}
/**
 * An editor that is one Node process, for the Ctrl-C tests: a shell script is not one process
 * (dash catches a Ctrl-C that falls between two of its commands and acts on it only after its
 * next child ends), so a Ctrl-C sent to it lands at a time the test cannot choose.
 */
function nodeEditor(name: string, body: string): string {
  const file = path.join(bin.dir, name);
  fs.writeFileSync(file, `const fs = require('node:fs');\nconst f = process.argv[2];\nfs.appendFileSync(${JSON.stringify(log)}, 'file:' + f + '\\n');\n${body}\n`);
  return `'${process.execPath}' '${file}'`;
}
const logged = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
const editedFile = () => logged().find((l) => l.startsWith('file:'))!.slice(5);

function routes() {
  fs.rmSync(log, { force: true });
  server.on('GET', QUERY, { json: original });
  server.on('GET', '/data/projects/proj-1/queries', { json: [original] });
  server.on('PUT', QUERY, (req) => ({ json: { ...original, ...(req.json as object) } }));
}
const puts = () => server.requests.filter((r) => r.method === 'PUT');

/** The file the message says the text is kept in: it holds `text`, and only its owner can read it. */
function expectKept(output: string, text: string): void {
  const kept = /your text is kept in (\S+\.sql)/.exec(output.replace(/\r?\n/g, ' '))?.[1];
  expect(kept, output).toBeDefined();
  expect(fs.readFileSync(kept!, 'utf8')).toBe(text);
  expect(fs.statSync(kept!).mode & 0o777).toBe(0o600);
  fs.rmSync(path.dirname(kept!), { recursive: true });
}

describe('dgw query edit', () => {
  it('an editor that rewrites the file updates the query with the new SQL', async () => {
    routes();
    const rewrite = editor('rewrite.sh', 'printf "SELECT 2 AS b\\n\\n" > "$f"');
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: rewrite } });
    expect(r.code, r.stdout).toBe(0);
    expect(puts().map((p) => p.json)).toEqual([{ inputQuery: 'SELECT 2 AS b' }]);
    expect(r.stdout).toContain('updated the SQL of revenue');
    // The editor saw the SQL in a .sql file only its owner could read, removed afterwards.
    expect(logged()).toContain('text:SELECT 1 AS a');
    expect(logged()).toContain('mode:600');
    expect(editedFile()).toMatch(/dgw-edit-[^/]+\/revenue\.sql$/);
    expect(fs.existsSync(editedFile())).toBe(false);
    expect(fs.existsSync(path.dirname(editedFile()))).toBe(false);
  });

  it('a query changed on the service while the editor was open is not overwritten: exit 5, nothing sent, the text kept', async () => {
    routes();
    let reads = 0;
    server.on('GET', QUERY, () => ({ json: reads++ === 0 ? original : { ...original, inputQuery: 'SELECT 99 AS theirs' } }));
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: editor('mine.sh', 'printf "SELECT 2 AS mine\\n" > "$f"') } });
    expect(r.code).toBe(5);
    expect(puts()).toEqual([]);
    const kept = /your text is kept in (\S+\.sql)/.exec(r.stdout.replace(/\r?\n/g, ' '))![1];
    expect(fs.readFileSync(kept, 'utf8')).toBe('SELECT 2 AS mine\n');
    expect(fs.statSync(kept).mode & 0o777).toBe(0o600);
    expect(r.stdout).toMatch(/the SQL of revenue changed while you edited it; nothing was sent/);
    fs.rmSync(path.dirname(kept), { recursive: true });
  });

  it('an editor that leaves the file sends nothing', async () => {
    routes();
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: editor('leave.sh', 'exit 0') } });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('did not change: nothing was saved');
    expect(puts()).toEqual([]);
    expect(fs.existsSync(editedFile())).toBe(false);
  });

  it('SQL whose own first lines are "-- dgw:" comments is kept whole: left unchanged, nothing is sent; edited, they are sent with it', async () => {
    routes();
    const owned = { ...original, inputQuery: '-- dgw: owned by the data team\nSELECT 1 AS a' };
    server.on('GET', QUERY, { json: owned });
    server.on('GET', '/data/projects/proj-1/queries', { json: [owned] });
    const left = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: editor('leave-owned.sh', 'exit 0') } });
    expect(left.stdout).toContain('did not change: nothing was saved');
    expect(puts()).toEqual([]);
    await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: editor('edit-owned.sh', 'sed -i s/1/2/ "$f"') } });
    expect(puts().map((r) => r.json)).toEqual([{ inputQuery: '-- dgw: owned by the data team\nSELECT 2 AS a' }]);
  });

  // The query was read before the editor opened: exit 14 (nothing changed), not 2 (nothing sent).
  it('an emptied file aborts (exit 14) and sends nothing more', async () => {
    routes();
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: editor('empty.sh', ': > "$f"') } });
    expect(r.code).toBe(14);
    expect(r.stdout).toContain('the file was left empty: nothing was saved');
    expect(puts()).toEqual([]);
    expect(fs.existsSync(editedFile())).toBe(false);
  });

  it('an editor that exits non-zero sends nothing, even when it changed the file, and keeps the changed text (0600)', async () => {
    routes();
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: editor('fail.sh', 'echo "SELECT 3" > "$f"; exit 3') } });
    expect(r.code).toBe(14);
    expect(r.stdout).toMatch(/the editor \(.*fail\.sh\) exited with status 3; nothing was saved/);
    expect(puts()).toEqual([]);
    expect(fs.existsSync(editedFile())).toBe(false);
    expectKept(r.stdout, 'SELECT 3\n');
  });

  it('SQL the service refuses reopens the editor with the reason on top; the fixed SQL is sent without it', async () => {
    routes();
    server.on('PUT', QUERY, { status: 400, json: { errorCode: 'SQL_ERROR', message: 'Parser Error: syntax error at or near "SELEC"' } }, (req) => ({ json: { ...original, ...(req.json as object) } }));
    const twice = editor('twice.sh', 'if grep -q "^-- dgw: the service refused this SQL: Parser Error" "$f"; then sed -i "s/SELEC 2/SELECT 2/" "$f"; else echo "SELEC 2" > "$f"; fi');
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: twice } });
    expect(r.code, r.stdout).toBe(0);
    expect(puts().map((p) => p.json)).toEqual([{ inputQuery: 'SELEC 2' }, { inputQuery: 'SELECT 2' }]);
    const texts = logged().filter((l) => l.startsWith('text:'));
    expect(texts).toHaveLength(2);
    expect(r.stdout).toContain('updated the SQL of revenue');
  });

  it('a refusal saved unchanged stops: exit 6, the reason said, the text kept in a 0600 file the message names', async () => {
    routes();
    server.on('PUT', QUERY, { status: 400, json: { errorCode: 'SQL_ERROR', message: 'Binder Error: column nope not found' } });
    const once = editor('once.sh', 'grep -q "^-- dgw:" "$f" || echo "SELECT nope FROM t" > "$f"');
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: once } });
    expect(r.code, r.stdout).toBe(6);
    expect(puts()).toHaveLength(1);
    expect(r.stdout).toMatch(/Binder Error: column nope not found \(HTTP 400\); your text is kept in/);
    expectKept(r.stdout, 'SELECT nope FROM t\n');
  });

  it('a refusal saved again with the reason deleted but the same SQL stops too, rather than sending it again', async () => {
    routes();
    server.on('PUT', QUERY, { status: 400, json: { errorCode: 'SQL_ERROR', message: 'Binder Error: column nope not found' } });
    const always = editor('always.sh', 'echo "SELECT nope FROM t" > "$f"');
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: always } });
    expect(r.code, r.stdout).toBe(6);
    expect(puts()).toHaveLength(1);
    expectKept(r.stdout, 'SELECT nope FROM t\n');
  });

  it('an editor that fails after a refusal keeps the refused text, which the service never took', async () => {
    routes();
    server.on('PUT', QUERY, { status: 400, json: { errorCode: 'SQL_ERROR', message: 'Parser Error: syntax error at or near "SELEKT"' } });
    const failsSecond = editor('fails-second.sh', 'if grep -q "^-- dgw:" "$f"; then exit 3; fi; echo "SELEKT broken from" > "$f"');
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: failsSecond } });
    expect(r.code, r.stdout).toBe(14);
    expect(r.stdout).toMatch(/exited with status 3; nothing was saved; your text is kept in/);
    // The one change sent was refused (400): nothing was made, and the hint says so.
    expect(r.stdout.replace(/\r?\n/g, ' ')).toMatch(/the changes sent before this was found were refused by the service \(1 request\): nothing was changed/);
    expect(r.stdout).not.toMatch(/may have been made/);
    expectKept(r.stdout, 'SELEKT broken from\n');
  });

  it('an editor that removes the file: nothing saved (exit 14), no "bug"', async () => {
    routes();
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: editor('remove.sh', 'rm "$f"') } });
    expect(r.code, r.stdout).toBe(14);
    expect(r.stdout).toContain('the editor removed revenue.sql; nothing was saved');
    expect(puts()).toEqual([]);
  });

  it('a service that fails while saving (HTTP 500) keeps the text, and says where', async () => {
    routes();
    server.on('PUT', QUERY, { status: 500, json: { errorCode: 'INTERNAL', message: 'boom' } });
    const r = await dgwInTerminal(['query', 'edit', ID, '--debug'], { env: { EDITOR: editor('lost.sh', 'echo "SELECT 42 AS kept" > "$f"') } });
    expect(r.code, r.stdout).toBe(8);
    expectKept(r.stdout, 'SELECT 42 AS kept\n');
  });

  it('an edit that cannot be saved (the re-read or the PUT fails) hints at sending the kept file itself, not at editing again from the service\'s SQL', async () => {
    routes();
    let reads = 0;
    server.on('GET', QUERY, () => (reads++ === 0 ? { json: original } : { status: 403, json: { errorCode: 'FORBIDDEN', message: 'key revoked' } }));
    const reread = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: editor('reread.sh', 'echo "SELECT 7 AS mine" > "$f"') } });
    expect(reread.code, reread.stdout).toBe(3);
    const kept = /your text is kept in (\S+\.sql)/.exec(reread.stdout.replace(/\r?\n/g, ' '))![1];
    expect(reread.stdout).toContain(`hint: send it with \`dgw query update revenue --file ${kept}\``);
    expectKept(reread.stdout, 'SELECT 7 AS mine\n');
    routes();
    server.on('PUT', QUERY, { status: 500, json: { errorCode: 'INTERNAL', message: 'boom' } });
    const put = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: editor('put.sh', 'echo "SELECT 8 AS mine" > "$f"') } });
    const keptToo = /your text is kept in (\S+\.sql)/.exec(put.stdout.replace(/\r?\n/g, ' '))![1];
    expect(put.stdout).toContain(`hint: send it with \`dgw query update revenue --file ${keptToo}\``);
    expectKept(put.stdout, 'SELECT 8 AS mine\n');
  });

  it('runs an editor command with arguments (EDITOR="code --wait"), and VISUAL wins over EDITOR', async () => {
    routes();
    const spaced = path.join(bin.dir, 'my editors');
    fs.mkdirSync(spaced, { recursive: true });
    const withArgs = editor('my editors/ed.sh', 'echo "SELECT 4" > "$f"');
    const r = await dgwInTerminal(['query', 'edit', 'revenue'], {
      env: { VISUAL: `'${withArgs}' --wait`, EDITOR: editor('never.sh', 'exit 9') },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(logged()[0]).toBe('arg:--wait');
    expect(logged()[1]).toMatch(/^arg:.*\/revenue\.sql$/);
    expect(puts().map((p) => p.json)).toEqual([{ inputQuery: 'SELECT 4' }]);
  });

  it('a missing editor is a clear error and sends nothing', async () => {
    routes();
    const r = await dgwInTerminal(['query', 'edit', ID], { env: { EDITOR: '/nonexistent/editor-xyz' } });
    expect(r.code).toBe(14);
    expect(r.stdout).toMatch(/exited with status 127; nothing was saved/);
    expect(r.stdout).toMatch(/set VISUAL or EDITOR/);
    expect(puts()).toEqual([]);
  });

  it('Ctrl-C while the editor runs stops it, removes the file and sends nothing (exit 130)', async () => {
    routes();
    const waiting = nodeEditor('wait.cjs', 'console.log("editor is open"); setTimeout(() => {}, 30_000);');
    const run = startDgw(['query', 'edit', ID], { env: { ...env(), EDITOR: waiting }, terminal: true });
    await run.waitForOutput('editor is open');
    run.child.stdin!.write('\x03');
    const { code } = await run.exited;
    expect(code).toBe(130);
    expect(puts()).toEqual([]);
    expect(fs.existsSync(path.dirname(editedFile()))).toBe(false);
  });

  it('Ctrl-C is the editor\'s key: an editor that ignores it (as vi does) goes on, and its save is sent', async () => {
    routes();
    const patient = nodeEditor('patient.cjs', 'process.on("SIGINT", () => console.log("caught")); console.log("editor is open"); setTimeout(() => fs.writeFileSync(f, "SELECT 5\\n"), 2000);');
    const run = startDgw(['query', 'edit', ID], { env: { ...env(), EDITOR: patient }, terminal: true });
    await run.waitForOutput('editor is open');
    run.child.stdin!.write('\x03');
    const { code } = await run.exited;
    expect(run.stdout()).toContain('caught');
    expect(run.stdout()).not.toContain('stopping...');
    expect(code, run.stdout()).toBe(0);
    expect(puts().map((p) => p.json)).toEqual([{ inputQuery: 'SELECT 5' }]);
  });

  it('off a terminal it is exit 2 before any request', async () => {
    routes();
    const r = await dgw(['query', 'edit', ID], { env: { EDITOR: editor('never2.sh', 'exit 0') } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no terminal/);
    expect(server.requests).toEqual([]);
    expect(logged()).toEqual([]);
  });
});
