import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { runAsBinaryWould } from './support/in-process.js';
import { spawnServe, tempDir } from './gateway/helpers.js';

// `dgw project update` and `dgw project rm` (the document's updateProject_1 and deleteProject_1) on
// the local gateway: a project renamed keeps its id; one deleted leaves nothing of itself behind.

const tmp = tempDir('dgw-project-rm-');
afterAll(() => tmp.remove());
const data = join(tmp.dir, 'data-spec');
const leftOf = (id: string) => [...readdirSync(join(data, 'projects')).filter((f) => f.startsWith(`${id}.`)), ...readdirSync(join(data, 'transfer')).filter((f) => f === id)];

describe('project update and rm, in-process', () => {
  const { run, dgw, json } = localCli(tmp.dir, 'spec');

  it('renames a project or changes its description, keeping its id and what it holds', async () => {
    await dgw('project', 'create', 'staging', '--description', 'before');
    await dgw('--project', 'staging', 'query', 'create', 'Kept', '--sql', 'SELECT 1 AS one');
    expect(await json('project', 'update', 'staging', '--name', 'Staging Two')).toMatchObject({ id: 'staging', name: 'Staging Two', description: 'before' });
    expect(await json('project', 'update', 'Staging Two', '--description', '')).toMatchObject({ id: 'staging', name: 'Staging Two', description: null });
    expect((await json('--project', 'staging', 'query', 'list')).map((q: { name: string }) => q.name)).toEqual(['kept']);
    const nothing = await run('project', 'update', 'staging');
    expect([nothing.code, nothing.stderr]).toEqual([2, expect.stringContaining('nothing to change')]);
  });

  it('deletes a project: its database, kept readers, files in transit and keys go, and its name is free again', async () => {
    await dgw('--project', 'staging', 'key', 'create', 'ci');
    await dgw('--project', 'staging', 'catalog', 'export', 'svc.query.kept', '-o', join(tmp.dir, 'kept.csv'));
    expect(leftOf('staging').length).toBeGreaterThan(1);
    const refused = await run('project', 'rm', 'staging');
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('refusing to delete project staging without confirmation')]);
    const typo = await run('project', 'rm', 'stagin', '--yes');
    expect([typo.code, typo.stderr]).toEqual([4, expect.stringContaining('did you mean "staging"?')]);
    expect(await json('project', 'rm', 'staging', '--yes')).toEqual({ id: 'staging', deleted: true });
    expect(leftOf('staging')).toEqual([]);
    expect(readFileSync(join(data, 'keys.json'), 'utf8')).not.toContain('"staging"');
    expect((await run('--project', 'staging', 'query', 'list')).code).toBe(4);
    expect((await json('project', 'list')).map((p: { id: string }) => p.id)).not.toContain('staging');
    expect((await json('project', 'create', 'staging')).id).toBe('staging');
    expect(await json('--project', 'staging', 'query', 'list')).toEqual([]);
  });

  it('a delete cut short (a file beside the database it cannot remove) leaves the project to delete again, its keys already gone', async () => {
    await dgw('project', 'create', 'stuck');
    const key = JSON.parse(await dgw('--project', 'stuck', 'key', 'create', 'ci', '--json')).apiKey;
    const obstacle = join(data, 'projects', 'stuck.duckdb.obstacle');
    mkdirSync(join(obstacle, 'inside'), { recursive: true });
    expect((await run('project', 'rm', 'stuck', '--yes')).code).not.toBe(0);
    expect((await json('project', 'list')).map((p: { id: string }) => p.id)).toContain('stuck');
    expect((await runAsBinaryWould(['--zone', 'local', '--project', 'stuck', 'query', 'list'], { env: { DGW_CONFIG_DIR: join(tmp.dir, 'config-spec'), DGW_LOCAL_DIR: data, DGW_API_KEY: key } })).code).toBe(3);
    rmSync(obstacle, { recursive: true });
    expect(await json('project', 'rm', 'stuck', '--yes')).toEqual({ id: 'stuck', deleted: true });
    expect(leftOf('stuck')).toEqual([]);
  });

  it('a dry run sends nothing', async () => {
    const dry = await run('project', 'rm', 'staging', '--dry-run', '--with-reads');
    expect([dry.code, dry.stdout]).toEqual([0, expect.stringContaining('DELETE ')]);
    expect(existsSync(join(data, 'projects', 'staging.duckdb'))).toBe(true);
  });

  it('the demo project, deleted, stays deleted (it came back seeded at the next command) until project create demo makes it again', async () => {
    await dgw('project', 'rm', 'demo', '--yes');
    expect((await json('project', 'list')).map((p: { id: string }) => p.id)).not.toContain('demo');
    const gone = await run('--project', 'demo', 'table', 'list');
    expect([gone.code, gone.stderr]).toEqual([4, expect.stringContaining('project demo not found: it was deleted (`dgw --zone local project create demo` makes it again, with its sample tables)')]);
    await dgw('project', 'create', 'demo');
    expect((await json('--project', 'demo', 'table', 'list')).map((t: { tableName: string }) => t.tableName).sort()).toEqual(['customers', 'orders']);
    expect(existsSync(join(data, 'projects', 'demo.deleted'))).toBe(false);
  });
});

describe('project rm on dgw serve', () => {
  it('stops the open project and deletes it; a project key of it no longer works, and the partner key alone may delete', async () => {
    const served = join(tmp.dir, 'served');
    const server = await spawnServe(served, join(tmp.dir, 'served-config'));
    try {
      const env = { DGW_CONFIG_DIR: join(tmp.dir, 'served-config'), DGW_BASE_URL: server.baseUrl };
      const as = (key: string, ...args: string[]) => runAsBinaryWould(args, { env: { ...env, DGW_API_KEY: key } });
      expect((await as(server.partnerKey, 'project', 'create', 'shop')).code).toBe(0);
      const key = JSON.parse((await as(server.partnerKey, '--project', 'shop', 'key', 'create', 'ci', '--json')).stdout).apiKey;
      expect((await as(key, '--project', 'shop', 'sql', 'SELECT 1')).stdout).toBe('1\n');
      expect((await as(key, 'project', 'rm', 'shop', '--yes')).code).toBe(3);
      expect((await as(server.partnerKey, 'project', 'rm', 'shop', '--yes')).code).toBe(0);
      expect((await as(key, '--project', 'shop', 'sql', 'SELECT 1')).code).toBe(3);
      expect((await as(server.partnerKey, '--project', 'shop', 'sql', 'SELECT 1')).code).toBe(4);
      expect(readdirSync(join(served, 'projects')).filter((f) => f.startsWith('shop.'))).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
