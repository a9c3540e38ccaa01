import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// `dgw project create` against the hosted service as the document describes it: the project is
// made in the one default workspace the key sees, or the workspace --workspace names (id, or a
// name no other workspace has); where that is unclear nothing is created and the choices are named.
const { server, dgw } = useStandIn('p-9');
const acme = { id: 'd0d3c83f-0000-4f2e-899d-1bfa00eb3cef', name: 'Acme' };
const initech = { id: 'd0d3c83f-0000-4f2e-899d-1bfa00eb3ce0', name: 'Initech' };
const main = { id: '56d43968-0000-4010-9b75-018a79a51b17', name: 'Main', organizationId: acme.id, defaultWorkspace: true };
const labs = { id: '56d43968-0000-4010-9b75-018a79a51b18', name: 'Labs', organizationId: acme.id, defaultWorkspace: false };
const other = { id: '56d43968-0000-4010-9b75-018a79a51b19', name: 'Main', organizationId: initech.id, defaultWorkspace: true };

function twoOrganizations() {
  server.on('GET', '/organizations', { json: [acme, initech] });
  server.on('GET', `/organizations/${acme.id}/workspaces`, { json: [main, labs] });
  server.on('GET', `/organizations/${initech.id}/workspaces`, { json: other });
}
const creates = () => server.requests.filter((r) => r.method === 'POST');

describe('dgw project create on the hosted service', () => {
  it('makes the project in the only workspace there is, and prints its id with -q', async () => {
    server.on('GET', '/organizations', { json: acme });
    server.on('GET', `/organizations/${acme.id}/workspaces`, { json: [{ ...labs, defaultWorkspace: false }] });
    server.on('POST', `/organizations/${acme.id}/workspaces/${labs.id}/projects`, { json: { id: 'URNg0GIj', name: 'Sales', createdAt: '2026-11-28T10:00:00Z', workspaceId: labs.id } });
    const r = await dgw(['project', 'create', 'Sales', '--description', 'the sales team', '-q']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('URNg0GIj\n');
    expect(creates().map((c) => c.json)).toEqual([{ name: 'Sales', description: 'the sales team' }]);
  });

  it('an empty --workspace (an unset variable) is exit 2 before any request, not "no workspace" after reading them', async () => {
    const r = await dgw(['project', 'create', 'Sales', '--workspace', ' ']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--workspace must not be empty');
    expect(server.requests).toEqual([]);
  });

  it('with several organizations, needs --workspace; an id or a unique name chooses', async () => {
    twoOrganizations();
    const unclear = await dgw(['project', 'create', 'Sales']);
    // Found after reading the workspaces: exit 14, usage found after a request (reads only).
    expect(unclear.code).toBe(14);
    expect(unclear.stderr).toMatch(/choose a workspace with --workspace: .*Main \(56d43968-0000-4010-9b75-018a79a51b17, organization Acme\).*Labs/);
    const sameName = await dgw(['project', 'create', 'Sales', '--workspace', 'Main']);
    expect(sameName.code).toBe(14);
    expect(sameName.stderr).toMatch(/--workspace "Main" names 2 workspaces/);
    const unknown = await dgw(['project', 'create', 'Sales', '--workspace', 'Nope']);
    expect(unknown.code).toBe(14);
    expect(unknown.stderr).toMatch(/is no workspace the key sees/);
    expect(creates()).toEqual([]);

    server.on('POST', `/organizations/${acme.id}/workspaces/${labs.id}/projects`, { json: { id: 'URNg0GIk', name: 'Sales' } });
    server.on('POST', `/organizations/${initech.id}/workspaces/${other.id}/projects`, { json: { id: 'URNg0GIl', name: 'Sales' } });
    const byName = await dgw(['project', 'create', 'Sales', '--workspace', 'Labs', '--json']);
    expect(byName.code, byName.stderr).toBe(0);
    expect(JSON.parse(byName.stdout)).toMatchObject({ id: 'URNg0GIk', workspaceId: labs.id, workspaceName: 'Labs', organizationName: 'Acme' });
    const byId = await dgw(['project', 'create', 'Sales', '--workspace', other.id, '-q']);
    expect(byId.stdout).toBe('URNg0GIl\n');
  });

});
