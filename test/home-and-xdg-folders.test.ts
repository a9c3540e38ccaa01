import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configDir } from '../src/config/store.js';
import { userDataDir } from '../src/config/user-dirs.js';
import { exitCodeFor } from '../src/errors.js';
import { fileFault } from '../src/local-faults.js';
import { runDgw, tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// Where dgw keeps its settings, keys and databases when the environment is off: an XDG variable
// naming a file is a fault on this machine, named (it was "a bug in dgw"); an empty HOME or a
// relative XDG variable never puts them in the current folder, where `git add -A` would commit a key.

const tmp = tempDir('dgw-home-');
afterAll(() => tmp.remove());

describe('folders from HOME and XDG', () => {
  it.skipIf(!fs.existsSync('/proc/self'))('DGW_LOCAL_DIR where no folder can be made (/proc): exit 13 at once naming it (Node\'s recursive mkdir looped forever)', async () => {
    for (const dir of ['/proc/dgw-test', '/proc/dgw-test/deeper']) {
      const r = await runInProcess(['--zone', 'local', 'table', 'list'], { env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: dir }, cwd: tmp.dir });
      expect(r.code, r.stderr).toBe(13);
      expect(r.stderr).toContain(`cannot make the folder /proc/dgw-test for ${dir} (ENOENT)`);
    }
  });

  it.skipIf(!fs.existsSync('/proc/self'))('DGW_CONFIG_DIR where no folder can be made (/proc): config set exits 13 at once naming it (it hung, deaf to SIGTERM)', async () => {
    const r = await runDgw(['config', 'set', 'output', 'json'], { env: { DGW_CONFIG_DIR: '/proc/dgw-test' }, cwd: tmp.dir, timeoutMs: 50_000 });
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain('cannot make the folder /proc/dgw-test for /proc/dgw-test (ENOENT)');
  });

  it('XDG_CONFIG_HOME naming a file: exit 13 naming it, even for a command that only reads', async () => {
    const file = path.join(tmp.dir, 'a-file');
    fs.writeFileSync(file, '');
    const r = await runInProcess(['config', 'explain'], { env: { XDG_CONFIG_HOME: file, HOME: tmp.dir }, cwd: tmp.dir });
    expect(r.code).toBe(13);
    expect(r.stderr).toContain(`cannot use ${file}/dgw/config.json: a part of its path is a file, not a folder`);
  });

  it('DGW_CONFIG_DIR or DGW_LOCAL_DIR naming a file itself: exit 13 naming it, not "a bug in dgw"', async () => {
    const file = path.join(tmp.dir, 'not-a-folder');
    fs.writeFileSync(file, '');
    for (const [variable, args] of [['DGW_CONFIG_DIR', ['profile', 'list']], ['DGW_LOCAL_DIR', ['--zone', 'local', 'table', 'list']]] as const) {
      const r = await runInProcess([...args], { env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), [variable]: file }, cwd: tmp.dir });
      expect(r.code, r.stderr).toBe(13);
      // profile list only reads, so it names the store file under it (ENOTDIR), as config explain does.
      expect(r.stderr).toMatch(new RegExp(`cannot use ${file}(/config\\.json)?: a part of its path is a file, not a folder \\((EEXIST|ENOTDIR)\\)`));
    }
  });

  it('an empty HOME falls back to the account\'s home folder, never the current folder', () => {
    const account = os.userInfo().homedir;
    expect(configDir({ HOME: '' })).toBe(path.join(account, '.config', 'dgw'));
    expect(userDataDir({ HOME: '' }, 'linux')).toBe(path.join(account, '.local', 'share', 'dgw'));
    expect(configDir({ HOME: 'relative/home' })).toBe(path.join(account, '.config', 'dgw'));
  });

  it('a relative XDG variable is ignored, as the XDG rules say', () => {
    expect(configDir({ HOME: '/home/me', XDG_CONFIG_HOME: 'cfg' })).toBe('/home/me/.config/dgw');
    expect(userDataDir({ HOME: '/home/me', XDG_DATA_HOME: './data' }, 'linux')).toBe('/home/me/.local/share/dgw');
    expect(userDataDir({ HOME: '/home/me', XDG_DATA_HOME: '/srv/data' }, 'linux')).toBe('/srv/data/dgw');
  });

  it('with an empty HOME and relative XDG folders, a local command writes nothing in the current folder', async () => {
    const cwd = path.join(tmp.dir, 'repo');
    fs.mkdirSync(cwd);
    const r = await runInProcess(['version', '--json'], { env: { HOME: '', XDG_DATA_HOME: 'data', XDG_CONFIG_HOME: 'config' }, cwd });
    expect(r.code, r.stderr).toBe(0);
    const where = JSON.parse(r.stdout) as { configDir: string; localDataDir: string };
    expect(path.isAbsolute(where.configDir) && !where.configDir.startsWith(cwd)).toBe(true);
    expect(path.isAbsolute(where.localDataDir) && !where.localDataDir.startsWith(cwd)).toBe(true);
    expect(fs.readdirSync(cwd)).toEqual([]);
  });
});

describe('a folder on a read-only file system', () => {
  // Node's recursive mkdir fails ENOENT there, not EROFS (a read-only mount cannot be made in a test).
  const enoent = Object.assign(new Error("ENOENT: no such file or directory, mkdir '/mnt/ro/dgw'"), { code: 'ENOENT', syscall: 'mkdir', path: '/mnt/ro/dgw' });

  it('is a local fault naming the folder (exit 13), not "unexpected failure ... a bug in dgw" (exit 1)', () => {
    const fault = fileFault(enoent);
    expect(fault?.errorCode).toBe('FILE_ACCESS');
    expect(exitCodeFor(fault)).toBe(13);
    expect(fault?.message).toBe('cannot make the folder /mnt/ro/dgw: a folder along its path cannot be made (ENOENT; a read-only file system?)');
    expect(fault?.hint).toContain('check that /mnt/ro exists and can be written');
  });

  it('a file that is not there is still no fault of the machine', () => {
    expect(fileFault(Object.assign(new Error('ENOENT'), { code: 'ENOENT', syscall: 'open', path: '/mnt/ro/x' }))).toBeUndefined();
  });
});
