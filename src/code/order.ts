import { folderSegments } from '../api/names.js';
import { isWithin } from './layout.js';
import type { Change, Plan, ProjectState, QueryField } from './model.js';
import { referencedQueryNames } from './sql-text.js';
import { compareText } from '../output/text-order.js';
import type { KnowledgeStep } from './knowledge/steps.js';

type CreateChange = Extract<Change, { action: 'create' }>;
type UpdateChange = Extract<Change, { action: 'update' }>;

/** One request `apply` sends, in the order it sends them. */
export type Step = QueryStep | KnowledgeStep;

/** A request about queries and folders. */
export type QueryStep =
  /** Create Query Folder with the whole path: the service makes missing parents. */
  | { op: 'createFolder'; folder: string }
  | { op: 'createQuery'; name: string; change: CreateChange }
  /** Update Query with only the fields that change (never the folder: that is a move). */
  | { op: 'updateQuery'; name: string; id: string; fields: Exclude<QueryField, 'folder'>[]; change: UpdateChange }
  | { op: 'moveQuery'; name: string; id: string; folder: string }
  /** A pruned folder moved or renamed whole to a new folder: one request instead of many. */
  | { op: 'moveFolder'; folder: string; id: string; to: string; how: 'move' | 'rename'; queries: string[] }
  | { op: 'deleteQuery'; name: string; id: string }
  /** A pruned folder, with (`force`) everything still in it. */
  | { op: 'deleteFolder'; folder: string; id: string; force: boolean; queries: string[] };

/** Turns a plan into the fewest requests in a safe order (pure): folders, creates and updates (sources first), moves, deletes (readers first), pruned folders. */
export function orderSteps(plan: Plan, project: ProjectState): QueryStep[] {
  const creates = plan.changes.filter((c): c is CreateChange => c.action === 'create');
  const updates = plan.changes.filter((c): c is UpdateChange => c.action === 'update');
  const steps: QueryStep[] = [];
  const moves = folderMoves(plan, project);
  const movedTo = (folder: string) => moves.some((m) => isWithin(folder, m.to));
  const movedFrom = (folder: string) => moves.some((m) => isWithin(folder, m.folder));

  // A moved folder's parent must be there before the move; its new subfolders come with it.
  const newFolders = plan.changes.flatMap((c) => (c.action === 'createFolder' && !movedTo(c.folder) ? [c.folder] : []));
  const madeByCreate = (folder: string) => creates.some((c) => isWithin(c.after.folder, folder)) && !moves.some((m) => isWithin(m.to, folder));
  const explicit = newFolders.filter((f) => !madeByCreate(f));
  for (const folder of explicit) {
    if (!explicit.some((other) => other !== folder && isWithin(other, folder))) steps.push({ op: 'createFolder', folder });
  }
  steps.push(...moves);

  const writes: Array<Step & { op: 'createQuery' | 'updateQuery' }> = [];
  for (const c of creates) writes.push({ op: 'createQuery', name: c.name, change: c });
  for (const c of updates) {
    const fields = c.fields.filter((f): f is Exclude<QueryField, 'folder'> => f !== 'folder');
    if (fields.length > 0) writes.push({ op: 'updateQuery', name: c.name, id: c.id, fields, change: c });
  }
  writes.sort((a, b) => compareText(a.change.file, b.change.file));
  steps.push(
    ...dependencyOrder(writes, (w) => w.name, (w) => ({
      hard: w.change.from === null ? [] : [w.change.from],
      soft: [...referencedQueryNames(w.change.after.sql)],
    })),
  );

  for (const c of updates) {
    if (c.fields.includes('folder') && !movedFrom(c.before.folder)) steps.push({ op: 'moveQuery', name: c.name, id: c.id, folder: c.after.folder });
  }

  const prunedFolders = plan.changes.flatMap((c) => (c.action === 'deleteFolder' && !movedFrom(c.folder) ? [c] : []));
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

/** The query steps with the knowledge steps between the writes and the deletes: a relation or golden SQL may read a query this apply makes or deletes. */
export function withKnowledge(steps: QueryStep[], knowledge: KnowledgeStep[]): Step[] {
  const firstDelete = steps.findIndex((s) => s.op === 'deleteQuery' || s.op === 'deleteFolder');
  const at = firstDelete < 0 ? steps.length : firstDelete;
  return [...steps.slice(0, at), ...knowledge, ...steps.slice(at)];
}

/** Pruned folders the files move whole, unchanged, into a new folder; anything else is left to one-by-one steps. */
function folderMoves(plan: Plan, project: ProjectState): Array<Extract<QueryStep, { op: 'moveFolder' }>> {
  const pruned = plan.changes.flatMap((c) => (c.action === 'deleteFolder' ? [c] : []));
  const topmost = pruned.filter((f) => !pruned.some((other) => other !== f && isWithin(f.folder, other.folder)));
  const created = new Set(plan.changes.flatMap((c) => (c.action === 'createFolder' ? [c.folder] : [])));
  const existing = new Set(project.folders.map((f) => f.path));
  const moves: Array<Extract<QueryStep, { op: 'moveFolder' }>> = [];
  for (const t of topmost) {
    const inside = project.queries.filter((q) => isWithin(q.folder, t.folder));
    if (inside.length === 0) continue;
    if (plan.changes.some((c) => c.action === 'delete' && isWithin(c.before.folder, t.folder))) continue;
    const targets = new Set<string>();
    for (const q of inside) {
      const change = plan.changes.find((c): c is UpdateChange => c.action === 'update' && c.id === q.id && c.fields.includes('folder'));
      const below = q.folder.slice(t.folder.length);
      if (!change || !change.after.folder.endsWith(below)) targets.add('');
      else targets.add(change.after.folder.slice(0, change.after.folder.length - below.length));
    }
    const to = [...targets][0];
    if (targets.size !== 1 || !to || to === '/' || existing.has(to) || isWithin(to, t.folder) || !created.has(to)) continue;
    const subfolders = project.folders.filter((f) => f.path !== t.folder && isWithin(f.path, t.folder));
    if (!subfolders.every((f) => created.has(`${to}${f.path.slice(t.folder.length)}`))) continue;
    const [from, into] = [folderSegments(t.folder), folderSegments(to)];
    const sameParent = from.slice(0, -1).join('/') === into.slice(0, -1).join('/');
    const sameName = from.at(-1) === into.at(-1);
    if (!sameParent && !sameName) continue;
    moves.push({ op: 'moveFolder', folder: t.folder, id: t.id, to, how: sameName ? 'move' : 'rename', queries: inside.map((q) => q.name).sort() });
  }
  return moves;
}

/** A stable topological order: `hard` dependencies always, `soft` ones unless they form a cycle. */
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
