import { folderSegments } from '../api/names.js';
import { NotFoundError, UsageError } from '../errors.js';
import { inScope, isWithin, layoutProblems, queryFileProblem } from './layout.js';
import type { Change, DesiredQuery, DesiredState, Plan, ProjectQuery, ProjectState, QueryField, QueryView } from './model.js';
import { sameRefresh } from './refresh.js';
import { canonicalSql } from './sql-text.js';
import { compareText } from '../output/text-order.js';
import { readsName, readsQuery } from '../impact/sql-reads.js';

/** How a plan is made. */
export interface DiffOptions {
  /** Plan the deletion of what the project holds in the managed folders and no file stands for. */
  prune: boolean;
  /** The platform whose file names the layout must hold (default: this one). */
  platform?: NodeJS.Platform;
  /** The directory as messages name it (`queries/`), before a file's name. */
  dirLabel?: string;
}

/** A plan and what it leaves out, with reasons. */
export interface PlanWithNotes extends Plan {
  /** Project folders and queries in the managed folders the layout cannot hold (and so leaves alone). */
  skipped: string[];
}

/** Compares a directory with a project (pure), matching queries by SQL name across the whole project. */
export function diffStates(desired: DesiredState, project: ProjectState, options: DiffOptions): PlanWithNotes {
  const { scope } = desired;
  const projectByName = new Map(project.queries.map((q) => [q.name, q]));
  const desiredByName = new Map(desired.queries.map((q) => [q.name, q]));
  const skipped: string[] = [];
  const problemOf = layoutProblems(project.folders.map((f) => f.path), options.platform);
  const representable = (folder: string) => problemOf(folder) === undefined;
  for (const f of project.folders) {
    const problem = problemOf(f.path);
    if (problem && inScope(f.path, scope) && !problemOf(parentOf(f.path))) skipped.push(`folder ${f.path}: its ${problem}, so it has no directory; it and what it holds are left alone`);
  }
  // A query with no possible file is never unmanaged, so never pruned.
  const managed = (q: ProjectQuery) => inScope(q.folder, scope) && representable(q.folder) && queryFileProblem(q, options.platform) === undefined;
  const sqlOf = desiredSqlResolver(desiredByName, projectByName, options.dirLabel);

  const changes: Change[] = [];
  const projectFolders = new Set(project.folders.map((f) => f.path));
  const wantedFolders = new Set<string>();
  for (const folder of [...desired.folders, ...desired.queries.map((q) => q.folder)]) {
    for (const ancestor of ancestorsOf(folder)) wantedFolders.add(ancestor);
  }
  for (const folder of [...wantedFolders].sort()) if (!projectFolders.has(folder)) changes.push({ action: 'createFolder', folder });

  for (const d of [...desired.queries].sort((a, b) => compareText(a.file, b.file))) {
    const after = { displayName: d.displayName, materialized: d.materialized, schedule: d.schedule, sql: sqlOf(d), folder: d.folder };
    const p = projectByName.get(d.name);
    if (!p) {
      changes.push({ action: 'create', name: d.name, file: d.file, after, from: d.from, checkSchemaExists: d.checkSchemaExists });
      continue;
    }
    const before = viewOf(p);
    const fields = changedFields(before, after);
    if (fields.length > 0) {
      changes.push({ action: 'update', name: d.name, file: d.file, id: p.id, fields, before, after, from: d.from, checkSchemaExists: d.checkSchemaExists });
    }
  }

  const unmanaged: Plan['unmanaged'] = { queries: [], folders: [] };
  for (const p of project.queries) {
    const nameProblem = queryFileProblem(p, options.platform);
    if (nameProblem && inScope(p.folder, scope) && representable(p.folder)) skipped.push(`query "${p.name}" in ${p.folder}: its name ${nameProblem}, so it has no file; it is left alone`);
    if (desiredByName.has(p.name) || !managed(p)) continue;
    if (options.prune) {
      // A file that copies it (`from:`) would name a query this plan deletes, and no later plan could read that file.
      const copier = desired.queries.find((d) => d.from === p.name);
      if (copier) throw new UsageError(`${options.dirLabel ?? ''}${copier.file}: from: ${p.name}, which this plan deletes (it has no file; --prune deletes it): keep a file for ${p.name}, or give ${copier.file} its own SQL`);
      changes.push({ action: 'delete', name: p.name, id: p.id, before: viewOf(p) });
    } else unmanaged.queries.push({ name: p.name, id: p.id, folder: p.folder });
  }
  refusePrunedReads(changes, desired, project, sqlOf, options.dirLabel ?? '');
  // Where a folder or query the layout cannot hold is, found once: asked again for each folder above it, a deep tree took minutes.
  const unheld = [...project.folders.filter((f) => !representable(f.path)).map((f) => f.path), ...project.queries.filter((q) => queryFileProblem(q, options.platform)).map((q) => q.folder)];
  for (const f of project.folders) {
    if (wantedFolders.has(f.path) || !inScope(f.path, scope) || scope.includes(f.path) || !representable(f.path)) continue;
    const blocked = unheld.some((folder) => isWithin(folder, f.path));
    if (blocked) {
      skipped.push(`folder ${f.path}: it holds a folder or query the layout cannot hold, so it is not deleted`);
      continue;
    }
    if (options.prune) changes.push({ action: 'deleteFolder', folder: f.path, id: f.id });
    else unmanaged.folders.push(f.path);
  }
  return { changes, unmanaged, prune: options.prune, fingerprint: project.fingerprint, skipped };
}

/** A query reading one that --prune deletes (in its SQL, or as a copier's `from`), or by the name a conversion ends, would fail at its next run: the plan is refused, naming both. */
function refusePrunedReads(changes: Change[], desired: DesiredState, project: ProjectState, sqlOf: (d: DesiredQuery) => string, dirLabel: string): void {
  const pruned = new Set(changes.flatMap((c) => (c.action === 'delete' ? [c.name] : [])));
  const converted = changes.flatMap((c) => (c.action === 'update' && c.fields.includes('materialized') ? [{ name: c.name, schema: c.before.materialized ? 'mtquery' : 'query' }] : []));
  if (pruned.size === 0 && converted.length === 0) return;
  const desiredNames = new Set(desired.queries.map((d) => d.name));
  const readers = [
    ...desired.queries.map((d) => ({ who: `${dirLabel}${d.file}`, sql: sqlOf(d) })),
    ...project.queries.filter((p) => !desiredNames.has(p.name) && !pruned.has(p.name)).map((p) => ({ who: `query ${p.name} (outside the managed folders)`, sql: viewOf(p).sql })),
  ];
  for (const name of pruned) {
    const reader = readers.find((r) => readsQuery(r.sql, name));
    if (reader) throw new UsageError(`${reader.who} reads ${name}, which this plan deletes (it has no file; --prune deletes it): keep a file for ${name}, or change what reads it`);
  }
  for (const { name, schema } of converted) {
    const reader = readers.find((r) => readsName(r.sql, [schema], name));
    if (reader) throw new UsageError(`${reader.who} reads svc.${schema}.${name}, which this plan ends by converting ${name} to a ${schema === 'query' ? 'materialized' : 'plain'} query: change what reads it to svc.${schema === 'query' ? 'mtquery' : 'query'}.${name} in the same plan, or keep ${name} as it is`);
  }
}

/** The fields that differ between what the project holds and what the file says. */
export function changedFields(before: QueryView, after: QueryView): QueryField[] {
  const fields: QueryField[] = [];
  if (before.displayName !== after.displayName) fields.push('displayName');
  if (before.sql !== after.sql) fields.push('sql');
  if (before.materialized !== after.materialized) fields.push('materialized');
  if (after.materialized && !sameRefresh(before.schedule, after.schedule)) fields.push('schedule');
  if (before.folder !== after.folder) fields.push('folder');
  return fields;
}

export function viewOf(p: ProjectQuery): QueryView {
  return { displayName: p.displayName, materialized: p.materialized, schedule: p.schedule, sql: canonicalSql(p.sql), folder: p.folder };
}

/** The SQL a desired query stands for: its own, or (with `from`) its source's, file or project query. */
export function desiredSqlResolver(desired: Map<string, DesiredQuery>, project: Map<string, ProjectQuery>, dirLabel = ''): (d: DesiredQuery) => string {
  const resolve = (d: DesiredQuery, chain: string[]): string => {
    if (d.sql !== null) return d.sql;
    const source = d.from!;
    if (chain.includes(source)) throw new UsageError(`${dirLabel}${d.file}: from: ${[...chain, source].join(' → ')} is a cycle; one of them must hold SQL`);
    const file = desired.get(source);
    if (file) return resolve(file, [...chain, source]);
    const query = project.get(source);
    if (query) return canonicalSql(query.sql);
    throw new NotFoundError(`${dirLabel}${d.file}: from: no query named ${source}, neither in a file nor in the project`);
  };
  return (d) => resolve(d, [d.name]);
}

function ancestorsOf(folder: string): string[] {
  const segments = folderSegments(folder);
  return segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`);
}

function parentOf(folder: string): string {
  return `/${folderSegments(folder).slice(0, -1).join('/')}`;
}
