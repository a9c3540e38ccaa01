import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// Workspaces on the local gateway (the document's createWorkspace, updateWorkspace, deleteWorkspace,
// which it answered 501): made, renamed and deleted by `dgw workspace`, kept in the data folder's
// workspaces.json, holding the projects made in them; the default workspace, Local, holds the rest.

const tmp = tempDir('dgw-workspaces-');
afterAll(() => tmp.remove());
const data = join(tmp.dir, 'data-spec');

describe('dgw workspace on the local gateway', () => {
  const { run, dgw, json } = localCli(tmp.dir, 'spec');

  it('makes a workspace that holds the projects made in it, kept from one command to the next', async () => {
    const made = await json('workspace', 'create', 'Analytics', '--description', 'the analytics team');
    expect(made).toMatchObject({ name: 'Analytics', description: 'the analytics team', defaultWorkspace: false, organizationName: 'Local' });
    await dgw('project', 'create', 'reports', '--workspace', 'Analytics');
    expect((await json('workspace', 'list')).map((w: { name: string }) => w.name)).toEqual(['Local', 'Analytics']);
    const projects = await json('project', 'list');
    expect(projects.map((p: { id: string; workspaceName: string }) => [p.id, p.workspaceName])).toEqual([
      ['demo', 'Local'],
      ['reports', 'Analytics'],
    ]);
    expect(await json('workspace', 'get', made.id)).toEqual(made);
  });

  it('renames a workspace, its description kept unless given; "" removes it', async () => {
    expect(await json('workspace', 'update', 'Analytics', '--name', 'Insights')).toMatchObject({ name: 'Insights', description: 'the analytics team' });
    expect(await json('workspace', 'update', 'Insights', '--description', '')).toMatchObject({ name: 'Insights', description: null });
    expect((await json('project', 'list')).find((p: { id: string }) => p.id === 'reports').workspaceName).toBe('Insights');
  });

  it('refuses to delete a workspace that holds projects, and the default one; deletes an empty one', async () => {
    const held = await run('workspace', 'rm', 'Insights', '--yes');
    expect([held.code, held.stderr]).toEqual([5, expect.stringMatching(/workspace \S+ holds project reports: delete it first/)]);
    const home = await run('workspace', 'rm', 'Local', '--yes');
    expect([home.code, home.stderr]).toEqual([5, expect.stringContaining("holds the local gateway's projects by default and cannot be deleted")]);
    expect((await run('workspace', 'update', 'Local', '--name', 'Mine')).code).toBe(5);
    await dgw('project', 'rm', 'reports', '--yes');
    await dgw('workspace', 'rm', 'Insights', '--yes');
    expect((await json('workspace', 'list')).map((w: { name: string }) => w.name)).toEqual(['Local']);
    expect(JSON.parse(readFileSync(join(data, 'workspaces.json'), 'utf8'))).toEqual({ workspaces: [], projects: {} });
  });

  it('reaches a project only through the workspace it lives in', async () => {
    const team = await json('workspace', 'create', 'Team');
    await dgw('project', 'create', 'shop', '--workspace', team.id);
    const [local] = await json('workspace', 'list');
    const elsewhere = await run('api', 'GET', `/organizations/${local.organizationId}/workspaces/${local.id}/projects/shop`);
    expect([elsewhere.code, elsewhere.stderr]).toEqual([4, expect.stringContaining(`project shop not found in workspace ${local.id}`)]);
    expect((await json('api', 'GET', `/organizations/${team.organizationId}/workspaces/${team.id}/projects`)).map((p: { id: string }) => p.id)).toEqual(['shop']);
    expect((await json('api', 'GET', '/projects')).map((p: { id: string }) => p.id)).toEqual(['demo', 'shop']);
  });

  it('a damaged workspaces.json is named, with what to do, and nothing is written over it', async () => {
    writeFileSync(join(data, 'workspaces.json'), '{"workspaces": 3}');
    const r = await run('workspace', 'list');
    expect([r.code, r.stderr]).toEqual([13, expect.stringContaining(`${join(data, 'workspaces.json')} is damaged: "workspaces" is not a list of workspaces`)]);
    expect(readFileSync(join(data, 'workspaces.json'), 'utf8')).toBe('{"workspaces": 3}');
    expect(existsSync(join(data, 'projects', 'shop.duckdb'))).toBe(true);
  });
});
