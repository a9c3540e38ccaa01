import type { Static } from 'typebox';
import { deriveQueryName, folderPathProblem } from '../api/names.js';
import { isRaw } from '../api/read.js';
import type { PlanDocument as PlanSchema } from '../contract/results.js';
import { DgwError, UsageError } from '../errors.js';
import type { Duration } from '../schedule/duration.js';
import { parseScheduleInput } from '../schedule/input.js';
import type { PlanWithNotes } from './diff.js';
import { fileFor, folderPathLayoutProblem, sqlNameProblem } from './layout.js';
import type { Change, DesiredQuery, DesiredState } from './model.js';
import { parseGoldenSqls, parseRelations } from './knowledge/files.js';
import { KNOWLEDGE_FILES, type KnowledgeChange } from './knowledge/model.js';
import { FileProblem } from './query-file.js';
import { describeStep } from './apply.js';
import type { Step } from './order.js';

/** The `format` of a saved plan; `version` changes when a field changes meaning or goes. */
const PLAN_FORMAT = 'dgw-plan';
const PLAN_VERSION = 2;

/** The JSON `dgw plan --json` prints and `dgw apply --plan FILE` reads (docs/queries-as-code.md), as its schema says. */
export type PlanDocument = Static<typeof PlanSchema>;

/** How many changes of each kind a plan holds (an update counts under each kind of field it changes). */
export type PlanSummary = PlanDocument['summary'];

/** The knowledge part of a plan: golden SQLs and relations, for the kinds whose file the directory holds. */
export type KnowledgeSection = PlanDocument['knowledge'];

/** The document's operation and method of each step but a folder move, which is a move or a rename. */
const OPERATIONS: Record<Exclude<Step['op'], 'moveFolder'>, [string, string]> = {
  createFolder: ['createQueryFolderAtRoot', 'POST'],
  createQuery: ['createQuery', 'POST'],
  updateQuery: ['updateQuery', 'PUT'],
  moveQuery: ['updateQueryPath', 'PATCH'],
  deleteQuery: ['deleteQuery', 'DELETE'],
  deleteFolder: ['deleteQueryFolder', 'DELETE'],
  addGoldenSql: ['addGoldenSql', 'POST'],
  deleteGoldenSql: ['deleteGoldenSql', 'DELETE'],
  addRelation: ['addRelation', 'POST'],
  updateRelation: ['updateRelation', 'PUT'],
  deleteRelation: ['deleteRelation', 'DELETE'],
};

function operationOf(step: Step): [string, string] {
  if (step.op === 'moveFolder') return [step.how === 'move' ? 'moveQueryFolder' : 'renameQueryFolder', 'PATCH'];
  return OPERATIONS[step.op];
}

export function summarise(changes: Change[], steps: Step[], knowledge: KnowledgeChange[]): PlanSummary {
  const count = (test: (c: Change) => boolean) => changes.filter(test).length;
  const has = (field: string) => (c: Change) => c.action === 'update' && (c.fields as string[]).includes(field);
  const known = (action: KnowledgeChange['action']) => knowledge.filter((c) => c.action === action).length;
  return {
    changes: changes.length + knowledge.length,
    create: count((c) => c.action === 'create'),
    update: count((c) => has('displayName')(c) || has('sql')(c)),
    convert: count(has('materialized')),
    schedule: count(has('schedule')),
    move: count(has('folder')),
    delete: count((c) => c.action === 'delete'),
    createFolder: count((c) => c.action === 'createFolder'),
    deleteFolder: count((c) => c.action === 'deleteFolder'),
    addGoldenSql: known('addGoldenSql'),
    replaceGoldenSql: known('replaceGoldenSql'),
    deleteGoldenSql: known('deleteGoldenSql'),
    addRelation: known('addRelation'),
    updateRelation: known('updateRelation'),
    deleteRelation: known('deleteRelation'),
    requests: steps.length,
  };
}

export function planDocument(plan: PlanWithNotes, steps: Step[], desired: DesiredState, knowledge: KnowledgeSection, where: { project: string; target: string; dir: string }): PlanDocument {
  return {
    format: PLAN_FORMAT,
    version: PLAN_VERSION,
    project: where.project,
    target: where.target,
    dir: where.dir,
    scope: desired.scope,
    prune: plan.prune,
    fingerprint: plan.fingerprint,
    hasChanges: plan.changes.length + knowledge.changes.length > 0,
    summary: summarise(plan.changes, steps, knowledge.changes),
    changes: plan.changes,
    unmanaged: plan.unmanaged,
    skipped: plan.skipped,
    requests: steps.map((s) => ({ operation: operationOf(s)[0], method: operationOf(s)[1], description: describeStep(s) })),
    desired,
    knowledge,
  };
}

/** The project changed since the plan was made (exit 5, like any conflict). */
export class StalePlanError extends DgwError {
  constructor(message: string) {
    super('conflict', message, { hint: 'run `dgw plan` again and review the new plan' });
  }
}

/** Reads a saved plan, checking its desired state by the rules files are read by; a usage error names the file. */
export function readPlanDocument(text: string, label: string, minInterval?: Duration): PlanDocument {
  const fail = (problem: string): never => {
    throw new UsageError(`--plan ${label}: ${problem}`, 'make the plan with `dgw plan --json > FILE`');
  };
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  if (!isRaw(doc)) return fail('not a plan (expected a JSON object)');
  if (doc.format !== PLAN_FORMAT) return fail(`not a plan (format is ${JSON.stringify(doc.format)}, expected "${PLAN_FORMAT}")`);
  if (doc.version !== PLAN_VERSION) return fail(`plan version ${JSON.stringify(doc.version)} is not one this dgw reads (it reads version ${PLAN_VERSION})`);
  for (const key of ['project', 'target', 'dir', 'fingerprint'] as const) if (typeof doc[key] !== 'string') fail(`"${key}" must be a string`);
  if (typeof doc.prune !== 'boolean') fail('"prune" must be true or false');
  if (!Array.isArray(doc.changes)) fail('"changes" must be a list');
  const desired = doc.desired;
  if (!isRaw(desired) || !Array.isArray(desired.queries) || !Array.isArray(desired.folders) || !Array.isArray(desired.scope)) {
    return fail('"desired" must hold queries, folders and scope');
  }
  for (const folder of [...desired.folders, ...desired.scope]) {
    const problem = typeof folder !== 'string' ? 'a folder is not a string' : (folderPathProblem(folder) ?? folderPathLayoutProblem(folder));
    if (problem) fail(`desired: ${problem}`);
  }
  desired.queries.forEach((q, i) => {
    const problem = desiredQueryProblem(q, minInterval);
    if (problem) fail(`desired query ${i + 1}: ${problem}`);
  });
  const names = desired.queries.map((q) => (q as DesiredQuery).name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) fail(`desired: the name ${twice} is used twice`);
  const knowledge = doc.knowledge;
  if (!isRaw(knowledge) || !Array.isArray(knowledge.files) || typeof knowledge.fingerprint !== 'string' || !Array.isArray(knowledge.changes) || !isRaw(knowledge.desired)) {
    return fail('"knowledge" must hold files, fingerprint, changes and desired');
  }
  const problem = desiredKnowledgeProblem(knowledge.desired);
  if (problem) fail(`knowledge: ${problem}`);
  return doc as unknown as PlanDocument;
}

/** The desired knowledge of a saved plan, held to the rules its files are read by (through the same readers). */
function desiredKnowledgeProblem(desired: Record<string, unknown>): string | undefined {
  const extra = Object.keys(desired).find((k) => !(k in KNOWLEDGE_FILES));
  if (extra !== undefined) return `unknown kind "${extra}"`;
  try {
    for (const [kind, parse] of [['goldenSqls', parseGoldenSqls], ['relations', parseRelations]] as const) {
      if (desired[kind] === undefined) continue;
      const back = parse(JSON.stringify(desired[kind]));
      if (JSON.stringify(back) !== JSON.stringify(desired[kind])) return `${kind}: not as a file would give them`;
    }
  } catch (error) {
    return error instanceof FileProblem ? error.message : String(error);
  }
  return undefined;
}

function desiredQueryProblem(q: unknown, minInterval: Duration | undefined): string | undefined {
  if (!isRaw(q)) return 'not an object';
  const d = q as Partial<Record<keyof DesiredQuery, unknown>>;
  if (typeof d.name !== 'string') return '"name" must be a string';
  const nameProblem = sqlNameProblem(d.name);
  if (nameProblem) return `name "${d.name}" ${nameProblem}`;
  if (typeof d.folder !== 'string') return `${d.name}: "folder" must be a string`;
  const folderProblem = folderPathProblem(d.folder) ?? folderPathLayoutProblem(d.folder);
  if (folderProblem) return `${d.name}: ${folderProblem}`;
  if (d.file !== fileFor(d.folder, d.name)) return `${d.name}: "file" must be ${fileFor(d.folder, d.name)}`;
  if (typeof d.displayName !== 'string' || deriveQueryName(d.displayName) !== d.name) return `${d.name}: "displayName" must be text that gives the name ${d.name}`;
  if (typeof d.materialized !== 'boolean' || typeof d.checkSchemaExists !== 'boolean') return `${d.name}: "materialized" and "checkSchemaExists" must be true or false`;
  if (d.schedule !== null) {
    const s = d.schedule as Record<string, unknown> | undefined;
    if (!d.materialized || !isRaw(s)) return `${d.name}: "schedule" must be null, or a schedule of a materialized query`;
    try {
      const ok = s.type === 'interval' && typeof s.repeatDuration === 'string'
        ? parseScheduleInput({ every: s.repeatDuration }, { minInterval })
        : s.type === 'cron' && typeof s.cronExpression === 'string' && (s.timezone === undefined || typeof s.timezone === 'string')
          ? parseScheduleInput({ cron: s.cronExpression, tz: s.timezone as string | undefined }, { minInterval })
          : undefined;
      if (!ok) return `${d.name}: "schedule" is not an interval or cron schedule`;
    } catch (error) {
      return `${d.name}: schedule: ${(error as Error).message}`;
    }
  }
  if (d.from === null) {
    if (typeof d.sql !== 'string' || d.sql.trim() === '') return `${d.name}: "sql" must be the query's SQL`;
  } else if (typeof d.from !== 'string' || sqlNameProblem(d.from) || d.sql !== null || !d.materialized) {
    return `${d.name}: "from" must name another query, with "sql" null, on a materialized query`;
  }
  return undefined;
}
