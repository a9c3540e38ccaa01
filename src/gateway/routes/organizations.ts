import { Routes, type Handler, type RouteContext } from '../router.js';
import type { Organization, Project, Workspace } from '../../api/types.js';
import { forbidden, notFound } from '../errors.js';
import type { Gateway } from '../gateway.js';
import { readInfo, writeInfo, type ProjectInfo } from '../project/index.js';
import { checkName, jsonObject, optString, reqString } from '../validate.js';

/** The one organization of a local gateway. */
export const LOCAL_ORGANIZATION: Organization = {
  id: '10ca1000-0000-4000-8000-000000000001',
  name: 'Local',
  iconFileId: null,
  description: 'the local gateway of this data folder',
};

/** Its one workspace, which holds every project of the data folder. */
export const LOCAL_WORKSPACE: Workspace = {
  id: '10ca1000-0000-4000-8000-000000000002',
  name: 'Local',
  organizationId: LOCAL_ORGANIZATION.id,
  description: 'every project of the local gateway',
  defaultWorkspace: true,
};

/** The document allows organizations, workspaces and projects to the partner key only. */
function partnerOnly(r: Routes): Routes {
  return r.use(async (c, next) => {
    if (c.get('principal').kind !== 'partner') throw forbidden('only the partner key can read organizations, workspaces and projects');
    return next();
  });
}

/** What the project routes do, under a workspace or under the deprecated `/projects`. */
const projects = {
  list: async (c: RouteContext) => {
    const gateway = c.get('gateway');
    return c.json(await Promise.all((await gateway.projectIds()).map((id) => project(gateway, id))));
  },
  create: async (c: RouteContext) => {
    const body = await jsonObject(c);
    const name = checkName(reqString(body, 'name'), 'name');
    const made = await c.get('gateway').createProject({ name, description: optString(body, 'description') ?? null });
    return c.json(await project(c.get('gateway'), made.id));
  },
  read: async (c: RouteContext) => {
    const id = c.req.param('projectId');
    if (!(await c.get('gateway').projectIds()).includes(id)) throw notFound(`project ${id} not found`);
    return c.json(await project(c.get('gateway'), id));
  },
  update: async (c: RouteContext) => {
    const store = await c.get('gateway').project(c.req.param('projectId'), { create: false });
    const body = await jsonObject(c);
    const info = { name: checkName(reqString(body, 'name'), 'name'), description: optString(body, 'description') ?? null };
    await writeInfo(store, { ...info, createdAt: (await readInfo(store)).createdAt });
    return c.json(await project(c.get('gateway'), store.id));
  },
  remove: async (c: RouteContext) => {
    await c.get('gateway').deleteProject(c.req.param('projectId'));
    return c.body(null, 200);
  },
};

/** Organizations, workspaces and their projects. */
export function organizationRoutes(): Routes {
  const r = partnerOnly(new Routes());
  const inWorkspace = (handle: Handler) => (c: RouteContext) => {
    workspace(c.req.param('organizationId'), c.req.param('workspaceId'));
    return handle(c);
  };
  r.get('/', (c) => c.json([LOCAL_ORGANIZATION]));
  r.get('/:organizationId', (c) => c.json(organization(c.req.param('organizationId'))));
  r.get('/:organizationId/workspaces', (c) => {
    organization(c.req.param('organizationId'));
    return c.json([LOCAL_WORKSPACE]);
  });
  r.get('/:organizationId/workspaces/:workspaceId', (c) => c.json(workspace(c.req.param('organizationId'), c.req.param('workspaceId'))));
  const one = '/:organizationId/workspaces/:workspaceId/projects/:projectId';
  r.get('/:organizationId/workspaces/:workspaceId/projects', inWorkspace(projects.list));
  r.post('/:organizationId/workspaces/:workspaceId/projects', inWorkspace(projects.create));
  r.get(one, inWorkspace(projects.read));
  r.put(one, inWorkspace(projects.update));
  r.delete(one, inWorkspace(projects.remove));
  return r;
}

/** The deprecated `/projects` paths, which the hosted service still answers: the same projects, in the one local workspace. */
export function deprecatedProjectRoutes(): Routes {
  return partnerOnly(new Routes()).get('/', projects.list).post('/', projects.create).get('/:projectId', projects.read).put('/:projectId', projects.update).delete('/:projectId', projects.remove);
}

function organization(id: string): Organization {
  if (id !== LOCAL_ORGANIZATION.id) throw notFound(`organization ${id} not found; the local gateway has one, ${LOCAL_ORGANIZATION.id}`);
  return LOCAL_ORGANIZATION;
}

function workspace(organizationId: string, id: string): Workspace {
  organization(organizationId);
  if (id !== LOCAL_WORKSPACE.id) throw notFound(`workspace ${id} not found; the local organization has one, ${LOCAL_WORKSPACE.id}`);
  return LOCAL_WORKSPACE;
}

/** A project with its name and description; one that cannot be opened now is listed by its id. */
async function project(gateway: Gateway, id: string): Promise<Project> {
  const info: ProjectInfo = await gateway.project(id, { create: false }).then(readInfo).catch(() => ({ name: null, description: null, createdAt: null }));
  const createdAt = info.createdAt ?? (await gateway.projectCreatedAt(id));
  return { id, name: info.name ?? id, ...(info.description !== null ? { description: info.description } : {}), workspaceId: LOCAL_WORKSPACE.id, ...(createdAt ? { createdAt } : {}) };
}
