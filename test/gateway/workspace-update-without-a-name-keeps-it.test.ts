import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCAL_ORGANIZATION } from '../../src/gateway/routes/organizations.js';
import { openGateway, type TestGateway } from './helpers.js';

// The document's updateWorkspace body (WorkspaceRequest) requires neither field: the local
// gateway takes one without a name, keeping the workspace's, where it answered 400 'name is
// required'. A description left out is removed (the PUT replaces it), which `dgw workspace update
// --description ""` relies on.

const workspaces = `/organizations/${LOCAL_ORGANIZATION.id}/workspaces`;
let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(() => g.close());

it('a workspace update without a name keeps the name and takes the description', async () => {
  const made = await g.call('POST', workspaces, { body: { name: 'Team', description: 'the first words' } });
  const changed = await g.call('PUT', `${workspaces}/${made.body.id}`, { body: { description: 'other words' } });
  expect([changed.status, changed.body], changed.text).toEqual([200, expect.objectContaining({ id: made.body.id, name: 'Team', description: 'other words' })]);
  const emptied = await g.call('PUT', `${workspaces}/${made.body.id}`, { body: {} });
  expect([emptied.status, emptied.body.name, 'description' in emptied.body], emptied.text).toEqual([200, 'Team', false]);
  expect((await g.call('GET', `${workspaces}/${made.body.id}`)).body).toEqual(emptied.body);
  // Only the update's name became optional: one given is still checked, and a new workspace needs one.
  expect((await g.call('PUT', `${workspaces}/${made.body.id}`, { body: { name: ' ' } })).status).toBe(400);
  const nameless = await g.call('POST', workspaces, { body: { description: 'no name' } });
  expect([nameless.status, nameless.body.message]).toEqual([400, 'name is required']);
});
