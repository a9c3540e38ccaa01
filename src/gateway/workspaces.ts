import { join } from 'node:path';
import type { Organization, Workspace } from '../api/types.js';
import { damagedFile, parseOrDamaged, readTextIfThere } from '../local-faults.js';
import { conflict, notFound } from './errors.js';
import { JsonFileStore } from './json-file.js';

/** A workspace made beside the default one, as `workspaces.json` keeps it. */
interface StoredWorkspace {
  id: string;
  name: string;
  description: string | null;
  createdAt: string;
}

/** The contents of `workspaces.json`: the workspaces made, and the projects made in one of them (the others are in the default one). */
interface WorkspaceFile {
  workspaces: StoredWorkspace[];
  projects: Record<string, string>;
}

const FILE = 'workspaces.json';

/** The one organization of a local gateway. */
export const LOCAL_ORGANIZATION = {
  id: '10ca1000-0000-4000-8000-000000000001',
  name: 'Local',
  iconFileId: null,
  description: 'the local gateway of this data folder',
} satisfies Organization;

/** Its default workspace, which holds every project not made in another. */
export const LOCAL_WORKSPACE = {
  id: '10ca1000-0000-4000-8000-000000000002',
  name: 'Local',
  organizationId: LOCAL_ORGANIZATION.id,
  description: 'every project of the local gateway not made in another workspace',
  defaultWorkspace: true,
} satisfies Workspace;

/** The workspaces of a data folder (or of memory): its default one, which holds every project not made elsewhere, and those made since. */
export class Workspaces extends JsonFileStore<WorkspaceFile> {
  static async open(dataDir: string | undefined): Promise<Workspaces> {
    const file = dataDir === undefined ? undefined : join(dataDir, FILE);
    const text = file === undefined ? undefined : readTextIfThere(file);
    return new Workspaces(text === undefined ? { workspaces: [], projects: {} } : parseWorkspaceFile(text, file!), file);
  }

  list(): Workspace[] {
    return [LOCAL_WORKSPACE, ...this.data.workspaces.map((w) => this.shown(w))];
  }

  get(id: string): Workspace {
    if (id === LOCAL_WORKSPACE.id) return LOCAL_WORKSPACE;
    const stored = this.data.workspaces.find((w) => w.id === id);
    if (!stored) throw notFound(`workspace ${id} not found; \`dgw workspace list\` lists them`);
    return this.shown(stored);
  }

  create(name: string, description: string | null, now: number): Promise<Workspace> {
    const made: StoredWorkspace = { id: crypto.randomUUID(), name, description, createdAt: new Date(now).toISOString() };
    return this.change((data) => ({ ...data, workspaces: [...data.workspaces, made] })).then(() => this.shown(made));
  }

  /** A workspace always has a name, so one left out is kept; a description left out is removed, as the PUT replaces it (the document's is not nullable). */
  async update(id: string, name: string | undefined, description: string | null): Promise<Workspace> {
    this.refuseHome(id, 'changed');
    await this.change((data) => {
      this.get(id);
      return { ...data, workspaces: data.workspaces.map((w) => (w.id === id ? { ...w, name: name ?? w.name, description } : w)) };
    });
    return this.get(id);
  }

  remove(id: string): Promise<void> {
    this.refuseHome(id, 'deleted');
    return this.change((data) => {
      this.get(id);
      const held = Object.keys(data.projects).filter((p) => data.projects[p] === id);
      if (held.length > 0) throw conflict(`workspace ${id} holds project${held.length > 1 ? 's' : ''} ${held.join(', ')}: delete ${held.length > 1 ? 'them' : 'it'} first`);
      return { ...data, workspaces: data.workspaces.filter((w) => w.id !== id) };
    });
  }

  /** The workspace a project lives in: the default one unless it was made in another that still exists. */
  of(projectId: string): string {
    const id = this.data.projects[projectId];
    return id !== undefined && this.data.workspaces.some((w) => w.id === id) ? id : LOCAL_WORKSPACE.id;
  }

  /** Records that a project was made in a workspace; in the default one, nothing needs recording. */
  place(projectId: string, workspaceId: string): Promise<void> {
    if (workspaceId === LOCAL_WORKSPACE.id) return Promise.resolve();
    return this.change((data) => ({ ...data, projects: { ...data.projects, [projectId]: workspaceId } }));
  }

  forget(projectId: string): Promise<void> {
    if (!(projectId in this.data.projects)) return Promise.resolve();
    return this.change((data) => ({ ...data, projects: Object.fromEntries(Object.entries(data.projects).filter(([p]) => p !== projectId)) }));
  }

  private refuseHome(id: string, what: string): void {
    if (id === LOCAL_WORKSPACE.id) throw conflict(`workspace ${LOCAL_WORKSPACE.name} (${id}) holds the local gateway's projects by default and cannot be ${what}`);
  }

  private shown(w: StoredWorkspace): Workspace {
    return { id: w.id, name: w.name, organizationId: LOCAL_WORKSPACE.organizationId, ...(w.description !== null ? { description: w.description } : {}), createdAt: w.createdAt, defaultWorkspace: false };
  }
}

function parseWorkspaceFile(text: string, file: string): WorkspaceFile {
  const damaged = (problem: string) => damagedFile(file, problem, `restore it from a backup, or move it aside (mv ${file} ${file}.damaged): the projects made in its workspaces are then listed in the default workspace`);
  const parsed = parseOrDamaged(text, damaged);
  const { workspaces, projects } = (parsed ?? {}) as Partial<WorkspaceFile>;
  const isText = (v: unknown) => typeof v === 'string';
  if (!Array.isArray(workspaces) || workspaces.some((w) => typeof w !== 'object' || w === null || !isText(w.id) || !isText(w.name) || !isText(w.createdAt) || !(w.description === null || isText(w.description)))) {
    throw damaged('"workspaces" is not a list of workspaces');
  }
  if (typeof projects !== 'object' || projects === null || Array.isArray(projects) || Object.values(projects).some((v) => !isText(v))) throw damaged('"projects" is not an object of workspace ids');
  return { workspaces, projects };
}
