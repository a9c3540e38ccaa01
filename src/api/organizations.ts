import type { Http } from './http.js';
import { apiPath } from './path.js';
import { objects, text, textOrNull } from './read.js';

/** A project with where it lives, as `dgw project list` shows it. */
export interface ProjectEntry {
  id: string;
  name: string;
  description: string | null;
  createdAt: string | null;
  workspaceId: string;
  workspaceName: string;
  organizationId: string;
  organizationName: string;
}

/**
 * Every project the key can see, through the documented hierarchy: the organizations, the
 * workspaces of each, the projects of each workspace (one request per organization and per
 * workspace, those of one level at once).
 */
export async function listAllProjects(http: Http): Promise<ProjectEntry[]> {
  const organizations = objects(await http.request({ method: 'GET', path: '/organizations' }), 'organizations');
  const workspaces = (
    await Promise.all(
      organizations.map(async (org) =>
        objects(await http.request({ method: 'GET', path: apiPath`/organizations/${text(org.id)}/workspaces` }), 'workspaces').map((ws) => ({ org, ws })),
      ),
    )
  ).flat();
  const projects = await Promise.all(
    workspaces.map(async ({ org, ws }) =>
      objects(await http.request({ method: 'GET', path: apiPath`/organizations/${text(org.id)}/workspaces/${text(ws.id)}/projects` }), 'projects').map(
        (p): ProjectEntry => ({
          id: text(p.id),
          name: text(p.name, text(p.id)),
          description: textOrNull(p.description),
          createdAt: textOrNull(p.createdAt),
          workspaceId: text(p.workspaceId, text(ws.id)),
          workspaceName: text(ws.name),
          organizationId: text(org.id),
          organizationName: text(org.name),
        }),
      ),
    ),
  );
  return projects.flat();
}
