import type { Static } from 'typebox';
import type * as R from '../contract/records.js';
import type { Http } from './http.js';
import { apiPath } from './path.js';
import { flag, idOf, object, objects, readAnswer, text, textOrNull } from './read.js';
import type { ProjectRequest, WorkspaceRequest } from './types.js';

/** A project with where it lives, as `dgw project list` shows it. */
export type ProjectEntry = Static<typeof R.ProjectRecord>;

/** A workspace with its organization, where a project can be made. */
export type WorkspaceEntry = Static<typeof R.WorkspaceRecord>;

/** An organization the key can see, by id and name. */
export type OrganizationEntry = Pick<WorkspaceEntry, 'organizationId' | 'organizationName'>;

export async function listOrganizations(http: Http): Promise<OrganizationEntry[]> {
  return objects(await http.request({ method: 'GET', path: '/organizations' }), 'organizations').map((org) => {
    const organizationId = idOf(org, 'an organization');
    return { organizationId, organizationName: text(org.name, organizationId) };
  });
}

/** Every workspace the key can see: the organizations, then the workspaces of each (those at once). */
export async function listAllWorkspaces(http: Http): Promise<WorkspaceEntry[]> {
  const perOrganization = await Promise.all(
    (await listOrganizations(http)).map(async ({ organizationId, organizationName }) => {
      return objects(await http.request({ method: 'GET', path: apiPath`/organizations/${organizationId}/workspaces` }), 'workspaces').map((ws) => {
        idOf(ws, 'a workspace');
        return readWorkspaceEntry(ws, organizationId, organizationName);
      });
    }),
  );
  return perOrganization.flat();
}

/** A workspace as the service sends it, with the organization it was read under. */
export function readWorkspaceEntry(ws: Record<string, unknown>, organizationId: string, organizationName: string): WorkspaceEntry {
  return { id: text(ws.id), name: text(ws.name, text(ws.id)), description: textOrNull(ws.description), createdAt: textOrNull(ws.createdAt), defaultWorkspace: flag(ws.defaultWorkspace), organizationId, organizationName };
}

/** The workspaces a reference names: the one with that id, else those with that name. */
export function workspacesNamed(workspaces: WorkspaceEntry[], ref: string): WorkspaceEntry[] {
  const byId = workspaces.filter((w) => w.id === ref);
  return byId.length > 0 ? byId : workspaces.filter((w) => w.name === ref);
}

function workspaceAnswer(answer: unknown, org: OrganizationEntry): WorkspaceEntry {
  return readAnswer(answer, (value) => readWorkspaceEntry(object(value, 'a workspace'), org.organizationId, org.organizationName));
}

export async function getWorkspace(http: Http, ws: WorkspaceEntry): Promise<WorkspaceEntry> {
  return workspaceAnswer(await http.request({ method: 'GET', path: apiPath`/organizations/${ws.organizationId}/workspaces/${ws.id}` }), ws);
}

/** Makes a workspace in an organization (partner key only). */
export async function createWorkspace(http: Http, org: OrganizationEntry, body: WorkspaceRequest): Promise<WorkspaceEntry> {
  return workspaceAnswer(await http.request({ method: 'POST', path: apiPath`/organizations/${org.organizationId}/workspaces`, body }), org);
}

/** Renames a workspace or changes its description (partner key only); give both, as for a project. */
export async function updateWorkspace(http: Http, ws: WorkspaceEntry, body: WorkspaceRequest): Promise<WorkspaceEntry> {
  return workspaceAnswer(await http.request({ method: 'PUT', path: apiPath`/organizations/${ws.organizationId}/workspaces/${ws.id}`, body }), ws);
}

/** Deletes a workspace (partner key only). */
export async function deleteWorkspace(http: Http, ws: WorkspaceEntry): Promise<void> {
  await http.request({ method: 'DELETE', path: apiPath`/organizations/${ws.organizationId}/workspaces/${ws.id}`, expect: 'none' });
}

/** Every project the key can see, through the documented hierarchy (one request per organization and per workspace, those of one level at once). */
export async function listAllProjects(http: Http): Promise<ProjectEntry[]> {
  const workspaces = await listAllWorkspaces(http);
  const projects = await Promise.all(
    workspaces.map(async (ws) =>
      objects(await http.request({ method: 'GET', path: apiPath`/organizations/${ws.organizationId}/workspaces/${ws.id}/projects` }), 'projects').map((p) =>
        readProjectEntry(p, ws),
      ),
    ),
  );
  return projects.flat();
}

/** Makes a project in a workspace (partner key only). */
export async function createProject(http: Http, ws: WorkspaceEntry, body: ProjectRequest): Promise<ProjectEntry> {
  const answer = await http.request({ method: 'POST', path: apiPath`/organizations/${ws.organizationId}/workspaces/${ws.id}/projects`, body });
  return readAnswer(answer, (p) => {
    idOf(object(p, 'a project'), 'a project');
    return readProjectEntry(p, ws);
  });
}

/** Renames a project or changes its description (partner key only); the service takes both, so give both. */
export async function updateProject(http: Http, project: ProjectEntry, body: ProjectRequest): Promise<ProjectEntry> {
  const answer = await http.request({ method: 'PUT', path: projectPath(project), body });
  return readAnswer(answer, (p) => readProjectEntry(p, workspaceOf(project)));
}

/** Deletes a project and everything in it (partner key only). */
export async function deleteProject(http: Http, project: ProjectEntry): Promise<void> {
  await http.request({ method: 'DELETE', path: projectPath(project), expect: 'none' });
}

const projectPath = (p: ProjectEntry) => apiPath`/organizations/${p.organizationId}/workspaces/${p.workspaceId}/projects/${p.id}`;
const workspaceOf = (p: ProjectEntry): WorkspaceEntry => ({ id: p.workspaceId, name: p.workspaceName, description: null, createdAt: null, defaultWorkspace: false, organizationId: p.organizationId, organizationName: p.organizationName });

/** A project as the service sent it, placed in the workspace it was listed or made in. */
export function readProjectEntry(value: unknown, ws: WorkspaceEntry): ProjectEntry {
  const p = object(value, 'a project');
  return {
    id: text(p.id),
    name: text(p.name, text(p.id)),
    description: textOrNull(p.description),
    createdAt: textOrNull(p.createdAt),
    workspaceId: text(p.workspaceId, ws.id),
    workspaceName: ws.name,
    organizationId: ws.organizationId,
    organizationName: ws.organizationName,
  };
}
