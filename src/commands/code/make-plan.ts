import { diffStates, type PlanWithNotes } from '../../code/diff.js';
import type { DesiredState, ProjectState } from '../../code/model.js';
import { orderSteps, withKnowledge, type Step } from '../../code/order.js';
import { diffKnowledge } from '../../code/knowledge/diff.js';
import { readKnowledge } from '../../code/knowledge/files.js';
import { KNOWLEDGE_FILES, type DesiredKnowledge, type KnowledgeKind } from '../../code/knowledge/model.js';
import { readKnowledgeOf } from '../../code/knowledge/read-project.js';
import { knowledgeSteps } from '../../code/knowledge/steps.js';
import type { KnowledgeSection } from '../../code/plan-file.js';
import type { FileProblem } from '../../code/query-file.js';
import { UsageError } from '../../errors.js';
import { InvalidFilesError, requireDirectory, scanDirectory, scanProblems, type Scan } from '../../code/read-dir.js';
import { readProject } from '../../code/read-project.js';
import { dirFor, isWithin } from '../../code/layout.js';
import type { Http } from '../../api/http.js';
import type { Context } from '../../context.js';
import { minIntervalFor } from '../query/request-flags.js';
import type { CodeLocation } from './where.js';
import { MAX_GOLDEN_TEXT, MAX_STATEMENT_BYTES } from '../../api/local-limits.js';

/** A plan with what it was made from. */
export interface MadePlan {
  desired: DesiredState;
  project: ProjectState;
  plan: PlanWithNotes;
  steps: Step[];
  http: Http;
  projectId: string;
  /** Golden SQLs and relations: what their files said, and how the project differs. */
  knowledge: KnowledgeSection;
}

/** Reads the directory (problems are exit 2 before any request), then the project, and compares them. */
export async function makePlan(ctx: Context, where: CodeLocation, prune: boolean): Promise<MadePlan> {
  await requireDirectory(where.root, where.label.replace(/\/$/, ''));
  const scan = await scanDirectory(where.root, where.scope, { minInterval: await minIntervalFor(ctx) });
  const knowledge = await readKnowledge(where.root);
  const desired = checkedDesired(ctx, scan, where, knowledge.problems);
  const projectId = await ctx.projectId();
  const http = await ctx.http();
  const made = await planAgainstProject(desired, knowledge.desired, http, projectId, prune, where.label);
  // As an absent directory would, a managed folder's absent one reads as "delete all it holds".
  const absent = where.scope.find((f) => f !== '/' && !scan.folders.includes(f) && made.plan.changes.some((c) => (c.action === 'delete' && isWithin(c.before.folder, f)) || (c.action === 'deleteFolder' && isWithin(c.folder, f))));
  if (absent !== undefined) {
    throw new UsageError(
      `the directory of managed folder ${absent} (${where.label}${dirFor(absent)}/) does not exist, and --prune would delete every query in it`,
      'run `dgw pull` to write its queries there; to delete them all, make the directory with an empty .gitkeep in it',
    );
  }
  // The local gateway refuses longer SQL and golden SQL text (docs/local-gateway.md, Limits): say so now, not after apply's first requests.
  if (http.localGateway) {
    const tooLong = (sql: string, question: string) => Buffer.byteLength(sql) > MAX_STATEMENT_BYTES || sql.length > MAX_GOLDEN_TEXT || question.length > MAX_GOLDEN_TEXT;
    const large = [
      ...made.plan.changes.flatMap((c) => ((c.action === 'create' || (c.action === 'update' && c.fields.includes('sql'))) && c.from === null && Buffer.byteLength(c.after.sql) > MAX_STATEMENT_BYTES ? [c.file] : [])),
      ...made.knowledge.changes.flatMap((c) => ((c.action === 'addGoldenSql' || c.action === 'replaceGoldenSql') && tooLong(c.sql, c.question) ? [`${KNOWLEDGE_FILES.goldenSqls} ("${c.question.slice(0, 60)}")`] : [])),
    ];
    if (large.length > 0) {
      throw new UsageError(`${large.map((f) => `${where.label}${f}`).join(', ')}: over the local gateway's limits (256 KiB of SQL; 100,000 characters of a golden SQL's question or SQL)`, 'shorten the SQL, or split it into queries that read each other (svc.query.<name>)');
    }
  }
  return made;
}

/** Compares a desired state with the project as it is now; `dirLabel` names the directory in messages. */
export async function planAgainstProject(desired: DesiredState, wanted: DesiredKnowledge, http: Http, projectId: string, prune: boolean, dirLabel?: string): Promise<MadePlan> {
  const [project, known] = await Promise.all([readProject(http, projectId), readKnowledgeOf(http, projectId, wanted)]);
  const plan = diffStates(desired, project, { prune, dirLabel });
  const { changes, unmanaged } = diffKnowledge(wanted, known, prune, dirLabel);
  const files = (Object.keys(KNOWLEDGE_FILES) as KnowledgeKind[]).filter((k) => wanted[k] !== undefined).map((k) => KNOWLEDGE_FILES[k]);
  const knowledge: KnowledgeSection = { files, fingerprint: known.fingerprint, changes, unmanaged, desired: wanted };
  return { desired, project, plan, steps: withKnowledge(orderSteps(plan, project), knowledgeSteps(changes)), http, projectId, knowledge };
}

/** The desired state, or an error with one `error:` line per problem (the knowledge files' among them). */
export function checkedDesired(ctx: Context, scan: Scan, where: CodeLocation, more: FileProblem[] = []): DesiredState {
  const problems = [...scanProblems(scan), ...more];
  if (problems.length > 1 && !ctx.out.json) {
    for (const p of problems.slice(0, -1)) ctx.io.stderr.write(`error: ${p.where(where.label)}\n`);
    throw new InvalidFilesError(problems.slice(-1), where.label);
  }
  if (problems.length > 0) throw new InvalidFilesError(problems, where.label);
  return { queries: scan.files.map((f) => f.query!), folders: scan.folders, scope: where.scope };
}
