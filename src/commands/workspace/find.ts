import { listAllWorkspaces, listOrganizations, workspacesNamed, type OrganizationEntry, type WorkspaceEntry } from '../../api/organizations.js';
import type { Http } from '../../api/http.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';

/** The workspace a key sees by this id, else by a name only one has (the document reaches a workspace only through its organization). */
export async function findWorkspace(http: Http, ref: string): Promise<WorkspaceEntry> {
  const workspaces = await listAllWorkspaces(http);
  const named = workspacesNamed(workspaces, ref);
  if (named.length === 1) return named[0];
  if (named.length > 1) throw new UsageError(`${named.length} workspaces are named ${ref}: ${named.map((w) => `${w.id} (organization ${w.organizationName})`).join(', ')}; give the id`);
  throw new NotFoundError(`no workspace ${ref} among those the key sees${didYouMean(ref, workspaces.flatMap((w) => [w.id, w.name]))}`);
}

/** findWorkspace, or for a dry run that reads nothing, placeholders for what only a read would tell. */
export async function workspaceToChange(http: Http, ref: string): Promise<WorkspaceEntry> {
  if (!http.readsNothing) return findWorkspace(http, ref);
  const unread = (what: string) => http.placeholder(`${what} of ${ref}`);
  return { id: ref, name: unread('name'), description: unread('description'), createdAt: null, defaultWorkspace: false, organizationId: unread('organization'), organizationName: '' };
}

/** The organization named by --organization (id, or a name no other has), else the only one the key sees. */
export async function organizationFor(http: Http, wanted: string | undefined): Promise<OrganizationEntry> {
  if (http.readsNothing) return { organizationId: http.placeholder(`id of ${wanted ?? 'the organization'}`), organizationName: wanted ?? '' };
  const organizations = await listOrganizations(http);
  const described = organizations.map((o) => `${o.organizationName} (${o.organizationId})`).join(', ') || 'none';
  const matches = wanted === undefined ? organizations : organizations.filter((o) => o.organizationId === wanted || o.organizationName === wanted);
  if (matches.length === 1) return matches[0];
  if (wanted === undefined) throw new UsageError(`choose an organization with --organization: the key sees ${described}`);
  throw new UsageError(matches.length > 1 ? `--organization "${wanted}" names ${matches.length} organizations: ${described}; give an id` : `--organization "${wanted}" is no organization the key sees; it sees ${described}`);
}
