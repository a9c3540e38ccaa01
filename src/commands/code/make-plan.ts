import { diffStates, type PlanWithNotes } from '../../code/diff.js';
import type { DesiredState, ProjectState } from '../../code/model.js';
import { orderSteps, type Step } from '../../code/order.js';
import { desiredState, InvalidFilesError, requireDirectory, scanDirectory, scanProblems, type Scan } from '../../code/read-dir.js';
import { readProject } from '../../code/read-project.js';
import type { Http } from '../../api/http.js';
import type { Context } from '../../context.js';
import { minIntervalFor } from '../query/request-flags.js';
import type { CodeLocation } from './where.js';

/** A plan with what it was made from. */
export interface MadePlan {
  desired: DesiredState;
  project: ProjectState;
  plan: PlanWithNotes;
  steps: Step[];
  http: Http;
  projectId: string;
}

/** Reads the directory (problems are exit 2 before any request), then the project, and compares them. */
export async function makePlan(ctx: Context, where: CodeLocation, prune: boolean): Promise<MadePlan> {
  await requireDirectory(where.root, where.label.replace(/\/$/, ''));
  const scan = await scanDirectory(where.root, where.scope, { minInterval: await minIntervalFor(ctx) });
  const desired = checkedDesired(ctx, scan, where);
  const projectId = await ctx.projectId();
  const http = await ctx.http();
  return planAgainstProject(desired, http, projectId, prune, where.label);
}

/** Compares a desired state with the project as it is now; `dirLabel` names the directory in messages. */
export async function planAgainstProject(desired: DesiredState, http: Http, projectId: string, prune: boolean, dirLabel?: string): Promise<MadePlan> {
  const project = await readProject(http, projectId);
  const plan = diffStates(desired, project, { prune, dirLabel });
  return { desired, project, plan, steps: orderSteps(plan, project), http, projectId };
}

/** The desired state, or an error with one `error:` line per problem. */
export function checkedDesired(ctx: Context, scan: Scan, where: CodeLocation): DesiredState {
  const problems = scanProblems(scan);
  if (problems.length > 1 && !ctx.out.json) {
    for (const p of problems.slice(0, -1)) ctx.io.stderr.write(`error: ${p.where(where.label)}\n`);
    throw new InvalidFilesError(problems.slice(-1), where.label);
  }
  return desiredState(scan, where.scope, where.label);
}
