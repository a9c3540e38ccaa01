import { describeStep } from '../../code/apply.js';
import { planDocument } from '../../code/plan-file.js';
import { renderPlan } from '../../code/render.js';
import type { Context } from '../../context.js';
import { ChangesPresent } from '../../errors.js';
import { makePlan } from './make-plan.js';
import { codeLocation } from './where.js';

export interface PlanOptions {
  dir?: string;
  prune?: boolean;
  exitCode?: boolean;
}

export async function runPlan(ctx: Context, opts: PlanOptions): Promise<void> {
  const where = await codeLocation(ctx, opts.dir);
  const made = await makePlan(ctx, where, opts.prune === true);
  const target = (await ctx.settings()).baseUrl.value ?? 'local';
  const doc = planDocument(made.plan, made.steps, made.desired, made.knowledge, { project: made.projectId, target, dir: where.label });
  const changed = [...made.plan.changes.flatMap((c) => ('name' in c ? [c.name] : [c.folder])), ...made.knowledge.changes.map((c) => ('question' in c ? c.question : c.relation))];
  if (ctx.out.json || ctx.out.mode.kind === 'quiet') ctx.out.value(doc, changed.length > 0 ? changed.join('\n') : undefined);
  else {
    const folderMoves = made.steps.flatMap((s) => (s.op === 'moveFolder' ? [describeStep(s)] : []));
    ctx.io.stdout.write(renderPlan(made.plan, made.knowledge, doc.summary, { project: made.projectId, dir: where.label, scope: where.scope, folderMoves }, ctx.out.color));
  }
  if (opts.exitCode && doc.hasChanges) throw new ChangesPresent(doc.summary.changes);
}
