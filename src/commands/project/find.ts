import { listAllProjects, type ProjectEntry } from '../../api/organizations.js';
import type { Http } from '../../api/http.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';

/** The project a key sees by this id (a dry run that reads nothing: placeholders for where it lives), else by this name when only one has it (the documented way to a project is through its workspace). */
export async function projectToChange(http: Http, ref: string): Promise<ProjectEntry> {
  const unread = (what: string) => http.placeholder(`${what} of ${ref}`);
  if (http.readsNothing) return { id: ref, name: unread('name'), description: unread('description'), createdAt: null, workspaceId: unread('workspace'), workspaceName: '', organizationId: unread('organization'), organizationName: '' };
  const projects = await listAllProjects(http);
  const byId = projects.find((p) => p.id === ref);
  if (byId) return byId;
  const named = projects.filter((p) => p.name === ref);
  if (named.length === 1) return named[0];
  if (named.length > 1) throw new UsageError(`${named.length} projects are named ${ref}: ${named.map((p) => p.id).join(', ')}; give the id`);
  throw new NotFoundError(`no project ${ref} among those the key sees${didYouMean(ref, projects.flatMap((p) => [p.id, p.name]))}`);
}
