import { Routes, type Handler, type RouteContext } from '../router.js';
import type { Organization, Project } from '../../api/types.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Gateway } from '../gateway.js';
import { readInfo, writeInfo, type ProjectInfo } from '../project/index.js';
import { checkName, jsonObject, optString } from '../validate.js';
import { LOCAL_ORGANIZATION } from '../workspaces.js';

export { LOCAL_ORGANIZATION, LOCAL_WORKSPACE } from '../workspaces.js';

/** The document allows organizations, workspaces and projects to the partner key only. */
function partnerOnly(r: Routes): Routes {
  return r.use(async (c, next) => {
    if (c.get('principal').kind !== 'partner') throw forbidden('only the partner key can read organizations, workspaces and projects');
    return next();
  });
}

/** What the project routes do, under a workspace (`ws`) or under the deprecated `/projects` (every project). */
const projects = {
  list: (ws?: string) => async (c: RouteContext) => {
    const gateway = c.get('gateway');
    const ids = (await gateway.projectIds()).filter((id) => ws === undefined || gateway.workspaces.of(id) === ws);
    return c.json(await Promise.all(ids.map((id) => project(gateway, id))));
  },
  create: (ws?: string) => async (c: RouteContext) => {
    const made = await c.get('gateway').createProject(await nameAndDescription(c), ws);
    return c.json(await project(c.get('gateway'), made.id));
  },
  read: async (c: RouteContext) => c.json(await project(c.get('gateway'), c.req.param('projectId'))),
  update: async (c: RouteContext) => {
    const store = await c.get('gateway').project(c.req.param('projectId'), { create: false });
    const info = await nameAndDescription(c);
    await writeInfo(store, { ...info, createdAt: (await readInfo(store)).createdAt });
    return c.json(await project(c.get('gateway'), store.id));
  },
  remove: async (c: RouteContext) => {
    await c.get('gateway').deleteProject(c.req.param('projectId'));
    return c.body(null, 200);
  },
};

/** What the workspace and project routes take: a name and, if wanted, a description. */
async function nameAndDescription(c: RouteContext): Promise<{ name: string; description: string | null }> {
  const { name, description } = await nameIfGivenAndDescription(c);
  if (name === undefined) throw badRequest('name is required');
  return { name, description };
}

/** A workspace update's body, in which the document requires neither field. */
async function nameIfGivenAndDescription(c: RouteContext): Promise<{ name: string | undefined; description: string | null }> {
  const body = await jsonObject(c);
  const name = optString(body, 'name');
  return { name: name === undefined ? undefined : checkName(name, 'name'), description: optString(body, 'description') ?? null };
}

/** Organizations, workspaces and their projects. */
export function organizationRoutes(): Routes {
  const r = partnerOnly(new Routes());
  const workspaces = (c: RouteContext) => {
    organization(c.req.param('organizationId'));
    return c.get('gateway').workspaces;
  };
  // A project is reached only through the workspace it lives in.
  const inWorkspace = (handle: (ws: string) => Handler) => (c: RouteContext) => {
    const spaces = workspaces(c);
    const ws = spaces.get(c.req.param('workspaceId')).id!;
    const id = c.req.param('projectId');
    if (id && (!c.get('gateway').exists(id) || spaces.of(id) !== ws)) throw notFound(`project ${id} not found in workspace ${ws}`);
    return handle(ws)(c);
  };
  r.get('/', (c) => c.json([LOCAL_ORGANIZATION]));
  r.get('/:organizationId', (c) => c.json(organization(c.req.param('organizationId'))));
  r.get('/:organizationId/workspaces', (c) => c.json(workspaces(c).list()));
  r.post('/:organizationId/workspaces', async (c) => {
    const { name, description } = await nameAndDescription(c);
    return c.json(await workspaces(c).create(name, description, c.get('gateway').now()));
  });
  const ws = '/:organizationId/workspaces/:workspaceId';
  r.get(ws, (c) => c.json(workspaces(c).get(c.req.param('workspaceId'))));
  r.put(ws, async (c) => {
    const { name, description } = await nameIfGivenAndDescription(c);
    return c.json(await workspaces(c).update(c.req.param('workspaceId'), name, description));
  });
  r.delete(ws, async (c) => {
    await workspaces(c).remove(c.req.param('workspaceId'));
    return c.body(null, 200);
  });
  const one = `${ws}/projects/:projectId`;
  r.get(`${ws}/projects`, inWorkspace(projects.list));
  r.post(`${ws}/projects`, inWorkspace(projects.create));
  r.get(one, inWorkspace(() => projects.read));
  r.put(one, inWorkspace(() => projects.update));
  r.delete(one, inWorkspace(() => projects.remove));
  return r;
}

/** The deprecated `/projects` paths, which the hosted service still answers: the same projects, whatever their workspace. */
export function deprecatedProjectRoutes(): Routes {
  const readable = (handle: Handler) => (c: RouteContext) => {
    const id = c.req.param('projectId');
    if (!c.get('gateway').exists(id)) throw notFound(`project ${id} not found`);
    return handle(c);
  };
  return partnerOnly(new Routes())
    .get('/', projects.list())
    .post('/', projects.create())
    .get('/:projectId', readable(projects.read))
    .put('/:projectId', projects.update)
    .delete('/:projectId', projects.remove);
}

function organization(id: string): Organization {
  if (id !== LOCAL_ORGANIZATION.id) throw notFound(`organization ${id} not found; the local gateway has one, ${LOCAL_ORGANIZATION.id}`);
  return LOCAL_ORGANIZATION;
}

/** A project with its name, description and workspace; one that cannot be opened now is listed by its id. */
async function project(gateway: Gateway, id: string): Promise<Project> {
  const info: ProjectInfo = await gateway.project(id, { create: false }).then(readInfo).catch(() => ({ name: null, description: null, createdAt: null }));
  const createdAt = info.createdAt ?? (await gateway.projectCreatedAt(id));
  return { id, name: info.name ?? id, ...(info.description !== null ? { description: info.description } : {}), workspaceId: gateway.workspaces.of(id), ...(createdAt ? { createdAt } : {}) };
}
