import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carryTarget, targetFromArgv } from '../src/output/carry-target.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A hint or note that quotes a dgw command dropped the --profile, --zone, --base-url and --project
// the command ran with, so a copied hint acted on another profile or project. They are carried now.

const tmp = tempDir('dgw-hint-target-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_PAGER: '' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

beforeAll(async () => {
  expect((await dgw('--zone', 'local', 'query', 'create', 'R', '--sql', 'SELECT 1 AS x')).code).toBe(0);
});

describe('the dgw commands a message quotes', () => {
  it('an error hint repeats --zone and --project, in words and in JSON', async () => {
    const words = await dgw('--zone', 'local', 'query', 'mv', 'r', '/nope', '--project=demo');
    expect(words.code).toBe(4);
    expect(words.stderr).toContain('hint: create it with `dgw --zone local --project demo folder create /nope`');
    const json = await dgw('--zone=local', 'query', 'mv', 'r', '/nope', '--json');
    expect(JSON.parse(json.stderr).error.hint).toContain('`dgw --zone local folder create /nope`');
  });

  it('a note repeats them too', async () => {
    const r = await dgw('--zone', 'local', 'query', 'export', 'r', '--no-wait');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/get its file with `dgw --zone local export get [\w-]+ -o FILE`/);
  });

  it('an error message repeats them too: logging in to the zone the command named, not the default one', async () => {
    const r = await runInProcess(['--profile', 'default', '--zone', 'eu', 'query', 'list'], { env, cwd: tmp.dir });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no project id and no API key: log in with `dgw --profile default --zone eu auth login`');
  });

  it('with no target option given, the quoted command is as it was', async () => {
    const r = await runInProcess(['query', 'mv', 'r', '/nope'], { env: { ...env, DGW_ZONE: 'local' }, cwd: tmp.dir });
    expect(r.stderr).toContain('hint: create it with `dgw folder create /nope`');
  });
});

describe('carryTarget', () => {
  it('adds what the quoted command lacks, quotes values for the shell, and leaves help alone', () => {
    const target = targetFromArgv(['--profile', 'my ci', 'query', 'list', '--base-url=http://127.0.0.1:8787', '--', '--zone', 'eu']);
    expect(target).toEqual({ profile: 'my ci', baseUrl: 'http://127.0.0.1:8787' });
    expect(carryTarget('run `dgw query get x`', target)).toBe("run `dgw --profile 'my ci' --base-url http://127.0.0.1:8787 query get x`");
    expect(carryTarget('run `dgw --profile NAME auth login`', target)).toBe('run `dgw --base-url http://127.0.0.1:8787 --profile NAME auth login`');
    expect(carryTarget('see `dgw query --help`', target)).toBe('see `dgw query --help`');
    // A project is not carried into commands that choose none (a mistyped --project's hint names project list).
    const typo = targetFromArgv(['--zone', 'local', '--project', 'salse', 'query', 'list']);
    expect(carryTarget('run `dgw project list`, or `dgw --profile x auth login`', typo)).toBe('run `dgw --zone local project list`, or `dgw --zone local --profile x auth login`');
    expect(carryTarget('`dgw query get q`', typo)).toBe('`dgw --zone local --project salse query get q`');
    // A command that names --zone or --base-url chooses its host: the other is not added (a 501's hint sends the user to the hosted service).
    const served = targetFromArgv(['--profile', 'p', '--base-url', 'http://127.0.0.1:8787/api/v1', 'transpile', 'mysql', 'SELECT 1']);
    expect(carryTarget('log in with `dgw auth login --zone default`', served)).toBe('log in with `dgw --profile p auth login --zone default`');
    expect(carryTarget('`dgw --base-url=https://x.example/api/v1 query list`', targetFromArgv(['--zone', 'eu']))).toBe('`dgw --base-url=https://x.example/api/v1 query list`');
  });
});
