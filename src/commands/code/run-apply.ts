import fs from 'node:fs/promises';
import type { ApplyResult } from '../../contract/results.js';
import path from 'node:path';
import { ApplyStoppedError, applySteps, describeStep } from '../../code/apply.js';
import { isWithin } from '../../code/layout.js';
import { readPlanDocument, StalePlanError, summarise } from '../../code/plan-file.js';
import type { Step } from '../../code/order.js';
import { renderPlan } from '../../code/render.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { shellWord } from '../../output/carry-target.js';
import { confirmDestructive, willAsk } from '../confirm.js';
import { minIntervalFor } from '../query/request-flags.js';
import { makePlan, planAgainstProject, type MadePlan } from './make-plan.js';
import { codeLocation, type CodeLocation } from './where.js';

export interface ApplyOptions {
  dir?: string;
  prune?: boolean;
  yes?: boolean;
  plan?: string;
}

export async function runApply(ctx: Context, opts: ApplyOptions): Promise<void> {
  const { made, where, prune } = opts.plan === undefined ? await planFromFiles(ctx, opts) : await planFromSavedPlan(ctx, opts, opts.plan);
  const { plan, steps, knowledge } = made;
  const summary = summarise(plan.changes, steps, knowledge.changes);
  if (summary.changes === 0) {
    ctx.out.result({ project: made.projectId, applied: [], notDone: [], failed: null } satisfies ApplyResult, '');
    ctx.out.success('No changes: the project matches the files.');
    return;
  }
  if (!ctx.out.json && ctx.out.mode.kind !== 'quiet') {
    const folderMoves = steps.flatMap((s) => (s.op === 'moveFolder' ? [describeStep(s)] : []));
    ctx.io.stderr.write(renderPlan(plan, knowledge, summary, { project: made.projectId, dir: where, scope: made.desired.scope, folderMoves }, ctx.color));
  }
  // A folder the files move whole elsewhere is moved, not deleted: nothing to confirm for it.
  const movedAway = steps.flatMap((s) => (s.op === 'moveFolder' ? [s.folder] : []));
  const folderDeletes = plan.changes.filter((c) => c.action === 'deleteFolder' && !movedAway.some((m) => isWithin(c.folder, m))).length;
  const destroys = [
    summary.delete > 0 && `deletes ${summary.delete} ${summary.delete === 1 ? 'query' : 'queries'}`,
    folderDeletes > 0 && `deletes ${folderDeletes} ${folderDeletes === 1 ? 'folder' : 'folders'}`,
    summary.convert > 0 && `converts ${summary.convert} ${summary.convert === 1 ? 'query' : 'queries'}`,
    summary.deleteGoldenSql > 0 && `deletes ${summary.deleteGoldenSql} golden ${summary.deleteGoldenSql === 1 ? 'SQL' : 'SQLs'}`,
    summary.deleteRelation > 0 && `deletes ${summary.deleteRelation} ${summary.deleteRelation === 1 ? 'relation' : 'relations'}`,
  ].filter((x): x is string => typeof x === 'string');
  const asked = destroys.length > 0 && willAsk(ctx, { yes: opts.yes });
  if (destroys.length > 0) await confirmDestructive(ctx, `apply this plan (it ${destroys.join(' and ')})`, { yes: opts.yes });

  const applied: Step[] = [];
  try {
    await applySteps(made.http, made.projectId, steps, made.project, (step) => {
      applied.push(step);
      ctx.out.success(describeStep(step));
    }, { asked, again: againOptions(opts, where, prune) });
  } catch (error) {
    if (error instanceof ApplyStoppedError) {
      const notDone = error.notDone.map(describeStep);
      // With --json the printed result lists them; stderr holds the error alone.
      if (notDone.length > 0 && !ctx.out.json) ctx.io.stderr.write(`not done:\n${notDone.map((d) => `  ${d}\n`).join('')}`);
      if (ctx.out.json) {
        ctx.out.value({ project: made.projectId, applied: applied.map(describeStep), notDone, failed: { request: describeStep(error.step), message: error.failure.message } } satisfies ApplyResult);
      }
    }
    throw error;
  }
  ctx.out.result({ project: made.projectId, applied: applied.map(describeStep), notDone: [], failed: null } satisfies ApplyResult, applied.map(describeStep).join('\n'));
  ctx.out.success(`applied ${summary.changes} ${summary.changes === 1 ? 'change' : 'changes'} with ${steps.length} ${steps.length === 1 ? 'request' : 'requests'}`);
}

/** A plan, where its files are (as shown), and whether it prunes. */
interface ApplyPlan {
  made: MadePlan;
  where: string;
  prune: boolean;
}

async function planFromFiles(ctx: Context, opts: ApplyOptions): Promise<ApplyPlan> {
  const location: CodeLocation = await codeLocation(ctx, opts.dir);
  return { made: await makePlan(ctx, location, opts.prune === true), where: location.label, prune: opts.prune === true };
}

/** What makes a later `dgw plan` or `apply` read the same files: the --dir given (a saved plan's own), and --prune. */
function againOptions(opts: ApplyOptions, where: string, prune: boolean): string {
  const dir = opts.dir ?? (opts.plan === undefined ? undefined : where.replace(/\/$/, ''));
  return [dir === undefined ? '' : `--dir ${shellWord(dir)}`, prune ? '--prune' : ''].filter((w) => w !== '').join(' ');
}

/** A saved plan applies only to its own project, unchanged since the plan; the changes are then worked out again. */
async function planFromSavedPlan(ctx: Context, opts: ApplyOptions, file: string): Promise<ApplyPlan> {
  if (opts.dir !== undefined || opts.prune) throw new UsageError('--plan carries its own directory and --prune: give neither with it');
  let text: string;
  try {
    text = await fs.readFile(path.resolve(ctx.cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(`--plan ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const doc = readPlanDocument(text, file, await minIntervalFor(ctx));
  const projectId = await ctx.projectId();
  const target = (await ctx.settings()).baseUrl.value ?? 'local';
  if (doc.project !== projectId || doc.target !== target) {
    throw new UsageError(`--plan ${file} was made for project ${doc.project} at ${doc.target}; this command is for project ${projectId} at ${target}`);
  }
  const made = await planAgainstProject(doc.desired, doc.knowledge.desired, await ctx.http(), projectId, doc.prune);
  if (made.project.fingerprint !== doc.fingerprint || made.knowledge.fingerprint !== doc.knowledge.fingerprint) {
    throw new StalePlanError(`the project has changed since the plan in ${file} was made (its queries, folders, golden SQLs or relations are not the ones the plan saw); nothing was changed`);
  }
  if (JSON.stringify(made.plan.changes) !== JSON.stringify(doc.changes) || JSON.stringify(made.knowledge.changes) !== JSON.stringify(doc.knowledge.changes)) {
    throw new UsageError(`--plan ${file}: its changes do not follow from its desired state (was it edited?); nothing was changed`);
  }
  return { made, where: doc.dir, prune: doc.prune };
}
