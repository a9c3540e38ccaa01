import { folderSegments } from '../api/names.js';
import { isWithin } from './layout.js';
import type { Change, Plan, ProjectState, QueryField } from './model.js';
import { referencedQueryNames } from './sql-text.js';

type CreateChange = Extract<Change, { action: 'create' }>;
type UpdateChange = Extract<Change, { action: 'update' }>;

/** One request `apply` sends, in the order it sends them. */
export type Step =
  /** Create Query Folder at the root with the whole path: the service makes missing parents. */
  | { op: 'createFolder'; folder: string }
  | { op: 'createQuery'; name: string; change: CreateChange }
  /** Update Query with only the fields that change (never the folder: that is a move). */
  | { op: 'updateQuery'; name: string; id: string; fields: Exclude<QueryField, 'folder'>[]; change: UpdateChange }
  | { op: 'moveQuery'; name: string; id: string; folder: string }
  | { op: 'deleteQuery'; name: string; id: string }
  /** A pruned folder, with (`force`) everything still in it: queries planned for deletion and pruned subfolders. */
  | { op: 'deleteFolder'; folder: string; id: string; force: boolean; queries: string[] };

/**
 * Turns a plan into the fewest requests, in a safe order (pure):
 * 1. folders no query create makes (a create's `path` makes its folders): one request per deepest one;
 * 2. creates and updates, a source before the queries copied from it (`from`) and, where the SQL
 *    says so, a query before the queries that read it;
 * 3. moves (after the creates that made their folders);
 * 4. deletes of queries that are not in a pruned folder, readers before what they read;
 * 5. pruned folders, each topmost one in one request with what is left in it.
 */
export function orderSteps(plan: Plan, project: ProjectState): Step[] {
  const creates = plan.changes.filter((c): c is CreateChange => c.action === 'create');
  const updates = plan.changes.filter((c): c is UpdateChange => c.action === 'update');
  const steps: Step[] = [];

  const newFolders = plan.changes.flatMap((c) => (c.action === 'createFolder' ? [c.folder] : []));
  const madeByCreate = (folder: string) => creates.some((c) => isWithin(c.after.folder, folder));
  const explicit = newFolders.filter((f) => !madeByCreate(f));
  for (const folder of explicit) {
    if (!explicit.some((other) => other !== folder && isWithin(other, folder))) steps.push({ op: 'createFolder', folder });
  }

  const writes: Array<Step & { op: 'createQuery' | 'updateQuery' }> = [];
  for (const c of creates) writes.push({ op: 'createQuery', name: c.name, change: c });
  for (const c of updates) {
    const fields = c.fields.filter((f): f is Exclude<QueryField, 'folder'> => f !== 'folder');
    if (fields.length > 0) writes.push({ op: 'updateQuery', name: c.name, id: c.id, fields, change: c });
  }
  writes.sort((a, b) => a.change.file.localeCompare(b.change.file));
  steps.push(
    ...dependencyOrder(writes, (w) => w.name, (w) => ({
      hard: w.change.from === null ? [] : [w.change.from],
      soft: [...referencedQueryNames(w.change.after.sql)],
    })),
  );

  for (const c of updates) if (c.fields.includes('folder')) steps.push({ op: 'moveQuery', name: c.name, id: c.id, folder: c.after.folder });

  const prunedFolders = plan.changes.flatMap((c) => (c.action === 'deleteFolder' ? [c] : []));
  const topmost = prunedFolders.filter((f) => !prunedFolders.some((other) => other !== f && isWithin(f.folder, other.folder)));
  const deletes = plan.changes.flatMap((c) => (c.action === 'delete' ? [c] : []));
  const inPruned = (folder: string) => topmost.find((t) => isWithin(folder, t.folder));
  const looseDeletes = deletes.filter((d) => !inPruned(d.before.folder));
  const sqlByName = new Map(deletes.map((d) => [d.name, d.before.sql]));
  // Readers go first: reverse the order in which they would be created.
  const created = dependencyOrder(looseDeletes, (d) => d.name, (d) => ({ hard: [], soft: [...referencedQueryNames(sqlByName.get(d.name) ?? '')] }));
  for (const d of created.reverse()) steps.push({ op: 'deleteQuery', name: d.name, id: d.id });

  for (const t of topmost) {
    const queries = deletes.filter((d) => isWithin(d.before.folder, t.folder)).map((d) => d.name);
    const hasSubfolders = project.folders.some((f) => f.path !== t.folder && isWithin(f.path, t.folder));
    steps.push({ op: 'deleteFolder', folder: t.folder, id: t.id, force: queries.length > 0 || hasSubfolders, queries });
  }
  return steps;
}

/**
 * A stable topological order: an item comes after the items it names in `hard` (always) and in
 * `soft` (unless they form a cycle, which is then broken in the given order). Names of no item
 * are ignored.
 */
export function dependencyOrder<T>(items: T[], nameOf: (item: T) => string, depsOf: (item: T) => { hard: string[]; soft: string[] }): T[] {
  const names = new Set(items.map(nameOf));
  const remaining = items.map((item) => {
    const deps = depsOf(item);
    const self = nameOf(item);
    const keep = (n: string) => n !== self && names.has(n);
    return { item, name: self, hard: new Set(deps.hard.filter(keep)), soft: new Set(deps.soft.filter(keep)) };
  });
  const done = new Set<string>();
  const out: T[] = [];
  while (remaining.length > 0) {
    const ready = (r: (typeof remaining)[number], withSoft: boolean) =>
      [...r.hard].every((n) => done.has(n)) && (!withSoft || [...r.soft].every((n) => done.has(n)));
    let index = remaining.findIndex((r) => ready(r, true));
    if (index < 0) index = remaining.findIndex((r) => ready(r, false));
    if (index < 0) index = 0;
    const [next] = remaining.splice(index, 1);
    done.add(next.name);
    out.push(next.item);
  }
  return out;
}

/** The path segments a folder create sends as its `folderName` (`/a/b` → `a/b`). */
export function folderNameFor(folder: string): string {
  return folderSegments(folder).join('/');
}
