import type { ProjectEntry } from '../../api/organizations.js';
import type { Column } from '../../output/format.js';

/** Columns of `project list`. */
export const PROJECT_COLUMNS: Column<ProjectEntry>[] = [
  { field: 'id', kind: 'key' },
  { field: 'name', kind: 'key' },
  { field: 'workspaceName', kind: 'text' },
  { field: 'organizationName', kind: 'text' },
  { field: 'createdAt', kind: 'time' },
];

/** Fields of the project `project create` made: the list's and its description. */
export const PROJECT_FIELDS: Column<ProjectEntry>[] = [...PROJECT_COLUMNS.slice(0, 2), { field: 'description', kind: 'text' }, ...PROJECT_COLUMNS.slice(2)];
