import type { Schedule } from '../api/types.js';

// Plain data only, so plans serialise as JSON.

/** A schedule that refreshes; no schedule is null. */
export type Refresh = Exclude<Schedule, { type: 'none' }>;

/** What one file says a query should be; its `folder` is the folder path the file's directory stands for. */
export interface DesiredQuery extends Omit<QueryView, 'sql'> {
  /** The SQL name: the file's name without `.sql`, the query's identity. */
  name: string;
  /** The file, relative to the directory, with `/` separators. */
  file: string;
  /** Canonical SQL; null when `from` names the source. */
  sql: string | null;
  /** A materialized copy of another query's SQL (by SQL name), sent as `inputQueryRefId`. */
  from: string | null;
  /** false sends `checkSchemaExists=false`; the service keeps no record of it. */
  checkSchemaExists: boolean;
}

/** The directory as a whole. */
export interface DesiredState {
  queries: DesiredQuery[];
  /** Every directory in the managed folders, as folder paths. */
  folders: string[];
  /** The managed folders (`/` for the whole project). */
  scope: string[];
}

/** A query as the project holds it, normalised. */
export interface ProjectQuery extends QueryView {
  id: string;
  name: string;
  /** The SQL exactly as the service returned it. */
  sql: string;
}

/** A folder of the project. */
export interface ProjectFolder {
  id: string;
  path: string;
}

/** The project as read, with a fingerprint of exactly what was read. */
export interface ProjectState {
  queries: ProjectQuery[];
  folders: ProjectFolder[];
  /** `sha256:<hex>` of the queries and folders. */
  fingerprint: string;
}

/** The fields of a query a plan can change. */
export type QueryField = 'displayName' | 'sql' | 'materialized' | 'schedule' | 'folder';

/** The fields of a query as a plan shows them, before or after. */
export interface QueryView {
  displayName: string;
  materialized: boolean;
  schedule: Refresh | null;
  /** Canonical SQL. */
  sql: string;
  folder: string;
}

/** One change a plan holds. A query's several field changes are one `update`. */
export type Change =
  | { action: 'createFolder'; folder: string }
  | { action: 'create'; name: string; file: string; after: QueryView; from: string | null; checkSchemaExists: boolean }
  | {
      action: 'update';
      name: string;
      file: string;
      id: string;
      fields: QueryField[];
      before: QueryView;
      after: QueryView;
      from: string | null;
      checkSchemaExists: boolean;
    }
  | { action: 'delete'; name: string; id: string; before: QueryView }
  | { action: 'deleteFolder'; folder: string; id: string };

/** What the project holds in the managed folders that no file stands for. */
export interface Unmanaged {
  queries: Array<{ name: string; id: string; folder: string }>;
  folders: string[];
}

/** The differences between a directory and a project. */
export interface Plan {
  changes: Change[];
  /** Left alone (reported), or planned for deletion with `prune`. */
  unmanaged: Unmanaged;
  prune: boolean;
  /** The fingerprint of the project state the plan was made from. */
  fingerprint: string;
}
