import type { ChalkInstance } from 'chalk';
import { structuredPatch, type StructuredPatch } from 'diff';
import type { Change, QueryView } from './model.js';
import type { KnowledgeSection, PlanSummary } from './plan-file.js';
import type { KnowledgeChange } from './knowledge/model.js';
import type { PlanWithNotes } from './diff.js';
import { describeRefresh } from './refresh.js';
import { visible } from '../output/visible.js';

/** Where a plan was made, for its first line. */
export interface PlanHeading {
  project: string;
  dir: string;
  scope: string[];
  /** Folders moved whole by one request each, said under the changes they stand for. */
  folderMoves?: string[];
}

/** A plan as a person reads it; names and SQL come from elsewhere, so their control characters are shown escaped. */
export function renderPlan(plan: PlanWithNotes, knowledge: KnowledgeSection, summary: PlanSummary, heading: PlanHeading, color: ChalkInstance): string {
  const out: string[] = [];
  const scope = heading.scope.join(', ');
  out.push(color.bold(`Plan for project ${heading.project}, directory ${heading.dir}${scope === '/' ? '' : ` (managed folders: ${scope})`}`), '');
  for (const change of plan.changes) out.push(...renderChange(change, color));
  for (const change of knowledge.changes) out.push(...renderKnowledgeChange(change, color));
  if (plan.changes.length + knowledge.changes.length > 0) out.push('');
  for (const move of heading.folderMoves ?? []) out.push(color.dim(`one request: ${move} (nothing is deleted)`));
  if ((heading.folderMoves ?? []).length > 0) out.push('');
  const { queries, folders } = plan.unmanaged;
  const { goldenSqls, relations } = knowledge.unmanaged;
  if (queries.length + folders.length + goldenSqls.length + relations.length > 0) {
    out.push(color.bold('Unmanaged (in the project, in no file; left alone, --prune plans their deletion):'));
    for (const q of queries) out.push(`  ${visible(q.name)}${q.folder === '/' ? '' : ` in ${visible(q.folder)}`}`);
    for (const f of folders) out.push(`  folder ${visible(f)}`);
    for (const g of goldenSqls) out.push(`  golden SQL "${visible(g)}"`);
    for (const r of relations) out.push(`  relation ${visible(r)}`);
    out.push('');
  }
  for (const note of plan.skipped) out.push(color.dim(`skipped: ${note}`));
  if (plan.skipped.length > 0) out.push('');
  out.push(summaryLine(summary, color));
  return `${out.join('\n')}\n`;
}

/** `Plan: 1 to create, 2 to update, 1 to delete (5 requests).` or `No changes: ...`. */
function summaryLine(s: PlanSummary, color: ChalkInstance): string {
  if (s.changes === 0) return color.green('No changes: the project matches the files.');
  const parts = [
    [s.create, 'to create'],
    [s.update, 'to update'],
    [s.convert, 'to convert'],
    [s.schedule, 'to reschedule'],
    [s.move, 'to move'],
    [s.delete, 'to delete'],
    [s.createFolder, `folder${s.createFolder === 1 ? '' : 's'} to create`],
    [s.deleteFolder, `folder${s.deleteFolder === 1 ? '' : 's'} to delete`],
    [s.addGoldenSql, `golden SQL${s.addGoldenSql === 1 ? '' : 's'} to add`],
    [s.replaceGoldenSql, `golden SQL${s.replaceGoldenSql === 1 ? '' : 's'} to replace`],
    [s.deleteGoldenSql, `golden SQL${s.deleteGoldenSql === 1 ? '' : 's'} to delete`],
    [s.addRelation, `relation${s.addRelation === 1 ? '' : 's'} to add`],
    [s.updateRelation, `relation${s.updateRelation === 1 ? '' : 's'} to retype`],
    [s.deleteRelation, `relation${s.deleteRelation === 1 ? '' : 's'} to delete`],
  ].filter(([n]) => Number(n) > 0);
  return `${color.bold('Plan:')} ${parts.map(([n, what]) => `${n} ${what}`).join(', ')} (${s.requests} request${s.requests === 1 ? '' : 's'}).`;
}

function renderChange(change: Change, color: ChalkInstance): string[] {
  switch (change.action) {
    case 'createFolder':
      return [`  ${color.green('+')} create folder ${visible(change.folder)}`];
    case 'deleteFolder':
      return [`  ${color.red('-')} delete folder ${visible(change.folder)}`];
    case 'delete':
      return [`  ${color.red('-')} delete ${visible(change.name)}${change.before.folder === '/' ? '' : ` in ${visible(change.before.folder)}`} ${color.dim(`(${kindOf(change.before)})`)}`];
    case 'create': {
      const facts = [kindOf(change.after), ...(change.from ? [`copied from ${visible(change.from)}`] : []), ...(change.after.displayName === change.name ? [] : [`"${visible(change.after.displayName)}"`])];
      return [`  ${color.green('+')} create ${visible(change.file)} ${color.dim(`(${facts.join(', ')})`)}`];
    }
    case 'update': {
      const verbs = change.fields.map((f) => (f === 'materialized' ? 'convert' : f === 'folder' ? 'move' : f === 'schedule' ? 'reschedule' : 'update'));
      const verb = [...new Set(verbs)].join(', ');
      const lines = [`  ${color.yellow('~')} ${verb} ${visible(change.file)}`];
      for (const field of change.fields) lines.push(...renderField(field, change.before, change.after, color));
      return lines;
    }
  }
}

function renderKnowledgeChange(change: KnowledgeChange, color: ChalkInstance): string[] {
  const pad = '      ';
  switch (change.action) {
    case 'addGoldenSql':
      return [`  ${color.green('+')} add golden SQL "${visible(change.question)}"`];
    case 'replaceGoldenSql':
      return [`  ${color.yellow('~')} replace golden SQL "${visible(change.question)}"`, `${pad}sql:`, ...sqlDiff(change.before, change.sql, color).map((l) => `${pad}  ${l}`)];
    case 'deleteGoldenSql':
      return [`  ${color.red('-')} delete golden SQL "${visible(change.question)}"`];
    case 'addRelation':
      return [`  ${color.green('+')} add relation ${visible(change.relation)} ${color.dim(`(${visible(change.type)})`)}`];
    case 'updateRelation':
      return [`  ${color.yellow('~')} retype relation ${visible(change.relation)}`, `${pad}type: ${color.red(visible(change.before))} → ${color.green(visible(change.type))}`];
    case 'deleteRelation':
      return [`  ${color.red('-')} delete relation ${visible(change.relation)} ${color.dim(`(${visible(change.type)})`)}`];
  }
}

function renderField(field: string, before: QueryView, after: QueryView, color: ChalkInstance): string[] {
  const pad = '      ';
  switch (field) {
    case 'displayName':
      return [`${pad}displayName: ${color.red(visible(JSON.stringify(before.displayName)))} → ${color.green(visible(JSON.stringify(after.displayName)))}`];
    case 'materialized':
      return [`${pad}type: ${color.red(kindName(before.materialized))} → ${color.green(kindName(after.materialized))}`];
    case 'schedule':
      return [`${pad}schedule: ${color.red(describeRefresh(before.schedule))} → ${color.green(describeRefresh(after.schedule))}`];
    case 'folder':
      return [`${pad}folder: ${color.red(visible(before.folder))} → ${color.green(visible(after.folder))}`];
    default:
      return [`${pad}sql:`, ...sqlDiff(before.sql, after.sql, color).map((l) => `${pad}  ${l}`)];
  }
}

/** A unified diff of two SQL texts, hunks with two lines of context, coloured where colour is on. */
export function sqlDiff(before: string, after: string, color: ChalkInstance): string[] {
  // Its time grows with the lines times the lines changed: past a bound, the text replaced whole.
  const patch = structuredPatch('project', 'file', `${before}\n`, `${after}\n`, '', '', { context: 2, maxEditLength: 1000 }) ?? replacedWhole(before, after);
  const lines: string[] = [];
  for (const hunk of patch.hunks) {
    lines.push(color.cyan(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`));
    for (const raw of hunk.lines) {
      const line = visible(raw, '\t');
      if (line.startsWith('-')) lines.push(color.red(line));
      else if (line.startsWith('+')) lines.push(color.green(line));
      else lines.push(line);
    }
  }
  return lines;
}

function replacedWhole(before: string, after: string): Pick<StructuredPatch, 'hunks'> {
  const removed = before.split('\n').map((l) => `-${l}`);
  const added = after.split('\n').map((l) => `+${l}`);
  return { hunks: [{ oldStart: 1, oldLines: removed.length, newStart: 1, newLines: added.length, lines: [...removed, ...added] }] };
}

function kindName(materialized: boolean): string {
  return materialized ? 'materialized' : 'plain';
}

function kindOf(view: QueryView): string {
  if (!view.materialized) return 'plain';
  return view.schedule ? `materialized, ${describeRefresh(view.schedule)}` : 'materialized';
}
