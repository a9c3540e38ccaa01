import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDgw, tempDir, type RunningDgw } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { RecordingServer, type Recorded } from './support/recording-server.js';

// A secret given to `connection create` by flag, file, stdin or prompt goes to the service and
// nowhere else: not stdout, not stderr with --debug, not a file in dgw's config, data or cache
// folders, not the argv or environment of a process dgw starts (looked at while the request is
// being answered). Only the prompt needs a real terminal, so a process of its own; the rest run
// in this process, where a process dgw starts is one below this one.

const CONFIG = {
  connectionType: 'POSTGRES',
  authorizationType: 'custom',
  configuration: [
    { fieldName: 'url', required: true, description: 'Host name' },
    { fieldName: 'user', required: true, description: 'User name' },
    { fieldName: 'password', required: true, description: 'Password of that user' },
  ],
};

/** The processes below `root` (not `root` itself), with their argv and environment. */
function descendants(root: number): Array<{ pid: number; text: string }> {
  const parent = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter(below).map((pid) => {
    const read = (f: string) => {
      try {
        return fs.readFileSync(`/proc/${pid}/${f}`, 'utf8');
      } catch {
        return '';
      }
    };
    return { pid, text: `${read('cmdline')} ${read('environ')}` };
  });
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('connection create keeps its secrets', () => {
  const server = new RecordingServer();
  const home = tempDir('dgw-secrets-');
  let running: RunningDgw | undefined;
  /** The process dgw runs in while a command is under way: a spawned one, or this one. */
  let dgwPid: number | undefined;
  /** What the processes below dgw held while the service was answering. */
  let childrenSeen: string[] = [];
  const dirs = { config: path.join(home.dir, 'config'), data: path.join(home.dir, 'data'), cache: path.join(home.dir, 'cache') };

  beforeAll(async () => {
    await server.start();
  });
  afterAll(async () => {
    await server.close();
    home.remove();
  });
  beforeEach(() => {
    server.reset();
    childrenSeen = [];
    server.on('GET', '/connections/config/POSTGRES', { json: CONFIG });
    server.on('POST', '/connections/p1', (req: Recorded) => {
      if (dgwPid) childrenSeen = descendants(dgwPid).map((p) => p.text);
      return { json: { id: '6243f42a-42d0-4821-a90f-763cda6cda50', name: (req.json as { name: string }).name, type: 'POSTGRES' } };
    });
  });

  const env = { DGW_CONFIG_DIR: dirs.config, DGW_LOCAL_DIR: dirs.data, XDG_CACHE_HOME: dirs.cache, DGW_BASE_URL: server.baseUrl, DGW_API_KEY: 'test-key-0123456789', DGW_PROJECT: 'p1' };

  async function create(args: string[], options: { input?: string; terminal?: boolean; typeAfter?: string; secret: string }) {
    const argv = ['--debug', 'connection', 'create', 'warehouse', '--type', 'POSTGRES', ...args];
    if (!options.terminal) {
      dgwPid = process.pid;
      try {
        return await runAsBinaryWould(argv, { env: { ...env, DGW_BASE_URL: server.baseUrl }, input: options.input ?? '', cwd: home.dir });
      } finally {
        dgwPid = undefined;
      }
    }
    running = startDgw(argv, {
      env: { ...env, DGW_BASE_URL: server.baseUrl },
      terminal: true,
      terminalSize: { columns: 80, rows: 3 },
      cwd: home.dir,
    });
    dgwPid = running.child.pid;
    await running.waitForOutput(options.typeAfter!);
    running.child.stdin!.write(`${options.secret}\r`);
    const { code } = await running.exited;
    const out = { code, stdout: running.stdout(), stderr: running.stderr() };
    running = undefined;
    dgwPid = undefined;
    return out;
  }

  function expectKept(r: { code: number | null; stdout: string; stderr: string }, secret: string) {
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    // It reached the service, and --debug traced the body, masked.
    const sent = server.requests.find((q) => q.method === 'POST');
    expect((sent?.json as { credential: Record<string, unknown> }).credential.password).toBe(secret);
    expect(`${r.stdout}${r.stderr}`).toContain('"password":"***"');
    expect(r.stdout).not.toContain(secret);
    expect(r.stderr).not.toContain(secret);
    for (const file of [...filesUnder(dirs.config), ...filesUnder(dirs.data), ...filesUnder(dirs.cache)]) expect(fs.readFileSync(file, 'utf8'), file).not.toContain(secret);
    for (const child of childrenSeen) expect(child).not.toContain(secret);
  }

  it('given by flag: only dgw\'s own command line holds it, as the user typed it', async () => {
    const secret = 'flag-secret-4b1f';
    const r = await create(['-f', 'url=db.example.com', '-f', 'user=reader', '--field', `password=${secret}`], { secret });
    expectKept(r, secret);
  });

  it('given in a YAML file', async () => {
    const secret = 'file-secret-93ac';
    fs.writeFileSync(path.join(home.dir, 'warehouse.yaml'), `url: db.example.com\nuser: reader\npassword: ${secret}\n`);
    expectKept(await create(['--from-file', 'warehouse.yaml'], { secret }), secret);
  });

  it('given on stdin as JSON', async () => {
    const secret = 'stdin-secret-5d20';
    expectKept(await create(['--from-file', '-'], { input: JSON.stringify({ url: 'db.example.com', user: 'reader', password: secret }), secret }), secret);
  });

  it('typed at a prompt on a terminal: not echoed, and in no process below the terminal', async () => {
    const secret = 'prompt-secret-77e1';
    const r = await create(['-f', 'url=db.example.com', '-f', 'user=reader'], { terminal: true, typeAfter: 'not shown]: ', secret });
    // On a terminal stdout and stderr arrive merged: the prompt, then no echo of what was typed.
    expect(r.stdout).toContain('password (Password of that user) [required, not shown]: ');
    expectKept(r, secret);
    // The terminal's child is dgw itself: the look at the processes did see it.
    expect(childrenSeen.some((c) => c.includes('connection\0create'))).toBe(true);
  });

  it('a service that quotes the secret in its refusal: the error and the --debug trace show *** instead', async () => {
    const secret = 'quoted-secret-c0de';
    server.on('POST', '/connections/p1', { status: 400, json: { errorCode: 'BAD_CREDENTIAL', message: `password ${secret} was refused by the database` } });
    const r = await create(['--from-file', '-'], { input: JSON.stringify({ url: 'db.example.com', user: 'reader', password: secret }), secret });
    // The service's 400: exit 6, as every refused request.
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('password *** was refused by the database');
    expect(`${r.stdout}${r.stderr}`).not.toContain(secret);
  });

  it('an error may name a place (the url, minus its password) but never a secret', async () => {
    const url = 'postgres://reader:url-pass-7f3a@db.example.com:5432/sales';
    server.on('POST', '/connections/p1', { status: 400, json: { errorCode: 'BAD_CREDENTIAL', message: `cannot reach ${url} as reader with password field-pass-9c1d` } });
    const r = await create(['--field', `url=${url}`, '--field', 'user=reader', '--field', 'password=field-pass-9c1d'], { secret: 'field-pass-9c1d' });
    expect(r.code, r.stderr).toBe(6);
    // The user name is not a place: it is masked too, as every field but a path, host, port, database or url.
    expect(r.stderr).toContain('cannot reach postgres://***:***@db.example.com:5432/sales as *** with password ***');
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/url-pass-7f3a|field-pass-9c1d/);
  });

  it('a --field mistyped with another separator is exit 2 before any request, and its error does not quote the secret', async () => {
    const secret = 'typed-with-a-colon-5ec2';
    const r = await create(['--field', 'url=db.example.com', '--field', `password:${secret}`], { secret });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('--field "password…" is not KEY=VALUE');
    expect(`${r.stdout}${r.stderr}`).not.toContain(secret);
    expect(server.requests).toEqual([]);
    const missing = await create(['--from-file', path.join(home.dir, 'no-such.yaml')], { secret: 'none' });
    expect(missing.code, missing.stderr).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('without a terminal, a required field not given is a usage error naming it, before anything is sent', async () => {
    const r = await create(['-f', 'url=db.example.com'], { secret: 'none' });
    // Exit 14, not 2: the type's configuration was read first (exit 2 promises nothing was sent).
    expect(r.code, r.stderr).toBe(14);
    expect(r.stderr).toContain('needs user, password');
    expect(server.requests.filter((q) => q.method === 'POST')).toEqual([]);
  });
});
