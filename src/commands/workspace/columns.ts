import type { WorkspaceEntry } from '../../api/organizations.js';
import type { Column } from '../../output/format.js';

/** Columns of `workspace list`. */
export const WORKSPACE_COLUMNS: Column<WorkspaceEntry>[] = [
  { field: 'id', kind: 'key' },
  { field: 'name', kind: 'key' },
  { field: 'defaultWorkspace', show: (w) => (w.defaultWorkspace ? 'yes' : 'no') },
  { field: 'organizationName', kind: 'text' },
  { field: 'createdAt', kind: 'time' },
];

/** Fields of `workspace get`: the list's, its description and its organization's id. */
export const WORKSPACE_FIELDS: Column<WorkspaceEntry>[] = [...WORKSPACE_COLUMNS.slice(0, 2), { field: 'description', kind: 'text' }, ...WORKSPACE_COLUMNS.slice(2), { field: 'organizationId', kind: 'text' }];
