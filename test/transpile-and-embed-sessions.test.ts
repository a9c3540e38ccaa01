import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould, runInProcess } from './support/in-process.js';
import { localCli } from './support/local-cli.js';
import { RecordingServer } from './support/recording-server.js';

// Two tools the hosted service has and the local gateway does not: transpiling a statement to
// another dialect, and an embedded session of the web app. dgw sends the document's requests,
// prints what a person or a pipe wants, and says plainly when the local gateway cannot.

const tmp = tempDir('dgw-hosted-tools-');
const service = new RecordingServer();
beforeAll(() => service.start());
afterAll(async () => {
  await service.close();
  tmp.remove();
});
afterEach(() => service.reset());

const hosted = (...args: string[]) => runAsBinaryWould(args, { env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_BASE_URL: service.baseUrl, DGW_API_KEY: 'test-key', DGW_PROJECT: 'p1' }, input: '', cwd: tmp.dir });

describe('transpile', () => {
  it('sends the statement, prints the transpiled one alone in a pipe, and the record with --json', async () => {
    service.on('POST', '/sql/transpile/mysql', { json: { result: 'SELECT * FROM `svc`.`table`.`orders` WHERE `id` = 1' } });
    const r = await hosted('transpile', 'MySQL', 'SELECT * FROM svc.table.orders WHERE id = 1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('SELECT * FROM `svc`.`table`.`orders` WHERE `id` = 1\n');
    expect(service.requests[0].json).toEqual({ query: 'SELECT * FROM svc.table.orders WHERE id = 1' });
    const j = await hosted('transpile', 'mysql', 'SELECT 1', '--json');
    expect(JSON.parse(j.stdout)).toEqual({ dialect: 'mysql', result: 'SELECT * FROM `svc`.`table`.`orders` WHERE `id` = 1' });
  });

  it('on a terminal the transpiled statement\'s control characters are shown escaped; a pipe gets them as sent', async () => {
    service.on('POST', '/sql/transpile/mysql', { json: { result: 'SELECT 1\u001b]0;owned\u0007' } });
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_BASE_URL: service.baseUrl, DGW_API_KEY: 'test-key', DGW_PROJECT: 'p1' };
    const terminal = await runInProcess(['transpile', 'mysql', 'SELECT 1'], { env, cwd: tmp.dir, terminalColumns: 80 });
    expect(terminal.code, terminal.stderr).toBe(0);
    expect(terminal.stdout).toBe('SELECT 1\\x1b]0;owned\\x07\n');
    expect((await hosted('transpile', 'mysql', 'SELECT 1')).stdout).toBe('SELECT 1\u001b]0;owned\u0007\n');
  });

  it('reads the statement from a file or stdin; refuses a bad dialect, an empty statement or both sources (exit 2, nothing sent)', async () => {
    service.on('POST', '/sql/transpile/postgres', { json: { result: 'SELECT 1' } });
    fs.writeFileSync(path.join(tmp.dir, 'q.sql'), 'SELECT 1\n');
    expect((await hosted('transpile', 'postgres', '--file', 'q.sql')).code).toBe(0);
    expect(service.requests[0].json).toEqual({ query: 'SELECT 1\n' });
    service.reset();
    for (const args of [['transpile', 'my sql', 'SELECT 1'], ['transpile', 'mysql'], ['transpile', 'mysql', 'SELECT 1', '--file', 'q.sql'], ['transpile', '../x', 'SELECT 1']]) {
      const r = await hosted(...args);
      expect(r.code, args.join(' ')).toBe(2);
    }
    expect(service.requests).toEqual([]);
  });

  it('an empty --file (an unset variable) is exit 2 saying it is empty, not "cannot read : EISDIR"', async () => {
    const r = await hosted('transpile', 'mysql', '--file', '');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--file is empty (an unset variable?); name a file, or - for stdin');
  });
});

describe('an answer without what was asked for', () => {
  it('transpile: no result, a null one or an empty body is the service\'s failure (exit 8), not a blank statement', async () => {
    for (const reply of [{ json: {} }, { json: { result: null } }, { body: '' }]) {
      service.reset();
      service.on('POST', '/sql/transpile/mysql', reply);
      const r = await hosted('transpile', 'mysql', 'SELECT 1');
      expect(r.code, JSON.stringify(reply)).toBe(8);
      expect(r.stdout).toBe('');
    }
  });

  it('embed session --debug does not trace the one-time URL', async () => {
    service.on('POST', '/ui/initSession', { json: { sessionUrl: 'https://partner.example.com/api/v1/ui/session?code=onetimecode123', partnerOrigin: null } });
    const r = await hosted('embed', 'session', '--debug');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('onetimecode123');
    expect(r.stderr).not.toContain('onetimecode123');
    expect(r.stderr).toContain('not shown: the answer may carry credentials');
  });
});

describe('embed session', () => {
  it('sends the project and the options as the document has them, and prints the one-time URL', async () => {
    service.on('POST', '/ui/initSession', { json: { sessionUrl: 'https://partner.example.com/api/v1/ui/session?code=abc', partnerOrigin: 'https://app.example.com' } });
    const r = await hosted('embed', 'session', '--expires-in', '300', '--theme', 'dark', '--theme-override', '--mode', 'CONNECTOR_MODAL_ONLY', '--feature', 'queries=off', '--feature', 'cache=on', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ sessionUrl: 'https://partner.example.com/api/v1/ui/session?code=abc', partnerOrigin: 'https://app.example.com' });
    expect(service.requests[0].json).toEqual({ projectId: 'p1', timeoutInSeconds: 300, theme: 'dark', themeOverride: true, sessionMode: 'CONNECTOR_MODAL_ONLY', featureFlags: { queries: false, cache: true } });
  });

  it('refuses a bad option before sending (exit 2)', async () => {
    for (const args of [['--expires-in', '0'], ['--expires-in', '1.5'], ['--expires-in', '1e3'], ['--feature', 'queries'], ['--mode', 'TINY']]) {
      expect((await hosted('embed', 'session', ...args)).code, args.join(' ')).toBe(2);
    }
    // Too long for the document's int32 is said as such, not as "1 or more".
    const long = await hosted('embed', 'session', '--expires-in', '99999999999');
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('--expires-in must be a whole number from 1 to 2147483647, not "99999999999"');
    expect(service.requests).toEqual([]);
  });
});

describe.each(['spec', 'hosted'])('the local gateway says plainly it cannot (%s shape)', (shape) => {
  const { run } = localCli(tmp.dir, shape);
  it('transpile and embed session exit 15, naming the operation and why', async () => {
    const t = await run('transpile', 'mysql', 'SELECT 1');
    expect(t.code).toBe(15);
    expect(t.stderr).toContain('transpileSQL');
    expect(t.stderr).toContain("needs the hosted service's transpiler");
    const e = await run('embed', 'session');
    expect(e.code).toBe(15);
    expect(e.stderr).toContain('initSession');
    expect(e.stderr).toContain("the hosted service's web app");
  });
});
