import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// `dgw config get SETTING` prints one value for a script (as `gh config get`); `config explain` had no way to ask for one.
const tmp = tempDir('dgw-config-get-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: `${tmp.dir}/config`, DGW_LOCAL_DIR: `${tmp.dir}/data`, DGW_ZONE: 'local', DGW_PROJECT: 'p-7' };
const dgw = (...args: string[]) => runAsBinaryWould(args, { env });

it('prints the value alone on stdout and where it came from on stderr', async () => {
  const zone = await dgw('config', 'get', 'zone');
  expect([zone.code, zone.stdout, zone.stderr]).toEqual([0, 'local\n', 'zone: from env DGW_ZONE\n']);
  expect((await dgw('config', 'get', 'project')).stdout).toBe('p-7\n');
  expect((await dgw('config', 'get', 'PROJECTID')).stdout).toBe('p-7\n');
  expect((await dgw('config', 'get', 'timeout', '--timeout', '2m')).stdout).toBe('120s\n');
});

it('--json gives the setting, its value and its source; -q prints nothing on stderr', async () => {
  expect(JSON.parse((await dgw('config', 'get', 'zone', '--json')).stdout)).toEqual({ setting: 'zone', value: 'local', source: 'env', origin: 'DGW_ZONE' });
  expect((await dgw('config', 'get', 'zone', '-q')).stderr).toBe('');
});

it('a setting that does not exist is exit 2, with the closest name and the list', async () => {
  const r = await dgw('config', 'get', 'zon');
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('no setting "zon"; did you mean "zone"? (settings: profile, zone, baseUrl, projectId, apiKey, keyBoundTo, keyType, output, timeout)');
});

it('the local zone has no base URL: an empty line, null in JSON (as auth status --json gives it), never a placeholder', async () => {
  const plain = await dgw('config', 'get', 'baseUrl');
  expect([plain.code, plain.stdout, plain.stderr]).toEqual([0, '\n', 'baseUrl: not set (zone local from env)\n']);
  expect(JSON.parse((await dgw('config', 'get', 'baseUrl', '--json')).stdout)).toMatchObject({ setting: 'baseUrl', value: null });
  expect(JSON.parse((await dgw('config', 'explain', '--json')).stdout).baseUrl.value).toBeNull();
  expect((await dgw('config', 'explain', '-q')).stdout).toContain('\nbaseUrl=\n');
});
