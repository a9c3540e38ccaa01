import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DGW_BIN, tempDir } from '../support/dgw.js';

// A project database or folder the system will not let dgw write is a fault of this machine
// (exit 13, naming the file): not "internal error" (exit 8), and not a conflict to retry (exit 5).
// Root ignores file modes, so as root dgw runs as user nobody (setpriv) on a folder nobody owns.

const asRoot = process.getuid?.() === 0;
const setpriv = spawnSync('sh', ['-c', 'command -v setpriv']).status === 0;
const why = process.platform !== 'linux' ? 'file modes are tested on Linux' : asRoot && !setpriv ? 'running as root without setpriv, file modes cannot refuse anything' : undefined;

const tmp = tempDir('dgw-no-access-');
afterAll(() => {
  spawnSync('chmod', ['-R', 'u+rwX', tmp.dir]);
  tmp.remove();
});

function dgw(data: string, ...args: string[]): { code: number | null; stderr: string } {
  const env = { PATH: process.env.PATH, DGW_ZONE: 'local', DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: path.join(data, '..', 'config'), HOME: path.join(data, '..') };
  const command = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, DGW_BIN, ...args] : [process.execPath, DGW_BIN, ...args];
  const r = spawnSync(command[0], command.slice(1), { env, encoding: 'utf8' });
  return { code: r.status, stderr: r.stderr };
}

describe.skipIf(why !== undefined)(`a database or folder dgw may not write${why ? ` (skipped: ${why})` : ''}`, () => {
  /** A data folder of its own, made by dgw as the user that runs it, with the demo project opened once. */
  function dataFolder(name: string): string {
    const home = path.join(tmp.dir, name);
    fs.mkdirSync(home, { mode: 0o700 });
    if (asRoot) fs.chownSync(home, 65534, 65534);
    fs.chmodSync(tmp.dir, 0o755);
    const data = path.join(home, 'data');
    expect(dgw(data, 'query', 'create', 'first', '--sql', 'SELECT 1 AS x').code).toBe(0);
    return data;
  }

  it('a read-only database file: exit 13 naming it, and the query that was there is still there once it is writable', () => {
    const data = dataFolder('ro-file');
    const file = path.join(data, 'projects', 'demo.duckdb');
    fs.chmodSync(file, 0o444);
    const r = dgw(data, 'query', 'create', 'second', '--sql', 'SELECT 2 AS x');
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain('refused access');
    expect(r.stderr).toContain(file);
    fs.chmodSync(file, 0o644);
    expect(dgw(data, 'query', 'get', 'first').code).toBe(0);
  });

  it('a projects folder that cannot take the write-ahead log: exit 13, not a conflict to retry', () => {
    const data = dataFolder('ro-folder');
    const projects = path.join(data, 'projects');
    fs.chmodSync(projects, 0o500);
    const r = dgw(data, 'query', 'create', 'second', '--sql', 'SELECT 2 AS x');
    fs.chmodSync(projects, 0o700);
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).not.toMatch(/try again \(HTTP 409\)|conflicts with a concurrent/);
    expect(dgw(data, 'query', 'get', 'second').code).toBe(4);
  });

  it('an export whose -o folder cannot be written: exit 13 naming the file asked for, not the temporary .part beside it', () => {
    const data = dataFolder('ro-export');
    const folder = path.join(data, '..', 'out');
    fs.mkdirSync(folder, { mode: 0o500 });
    if (asRoot) fs.chownSync(folder, 65534, 65534);
    const out = path.join(folder, 'x.csv');
    const r = dgw(data, 'query', 'export', 'first', '-o', out);
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain(`refused access to ${out} (EACCES)`);
    expect(r.stderr).toContain(`check who owns ${out} and its folder`);
    expect(r.stderr).not.toContain('.part');
  });
});
