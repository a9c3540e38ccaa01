import { folderTooDeep, maxPathBytes, planPull, pullDestroys, writePull } from '../../code/pull.js';
import type { PullResult } from '../../contract/results.js';
import { refuseNonDirectory, scanDirectory } from '../../code/read-dir.js';
import { readProject } from '../../code/read-project.js';
import { planKnowledgePull } from '../../code/knowledge/pull.js';
import { unsafeKnowledgeFiles } from '../../code/knowledge/files.js';
import { InvalidFilesError } from '../../code/read-dir.js';
import type { Context } from '../../context.js';
import { plural, UsageError } from '../../errors.js';
import { minIntervalFor } from '../query/request-flags.js';
import { codeLocation } from './where.js';

export interface PullOptions {
  dir?: string;
  force?: boolean;
}

export async function runPull(ctx: Context, opts: PullOptions): Promise<void> {
  const where = await codeLocation(ctx, opts.dir);
  await refuseNonDirectory(where.root, where.label.replace(/\/$/, ''));
  // Links, pipes and devices are never written through or replaced, forced or not.
  const scan = await scanDirectory(where.root, where.scope, { minInterval: await minIntervalFor(ctx) });
  const unsafe = [...scan.unsafe, ...(await unsafeKnowledgeFiles(where.root))];
  if (unsafe.length > 0) throw new InvalidFilesError(unsafe, where.label);
  const projectId = await ctx.projectId();
  const http = await ctx.http();
  const [project, knowledge] = await Promise.all([readProject(http, projectId), planKnowledgePull(where.root, http, projectId)]);
  const plan = planPull(scan, project, where.scope);
  const queryCount = plan.write.length + plan.unchanged.length;
  plan.write.push(...knowledge.write);
  plan.unchanged.push(...knowledge.unchanged);
  plan.skipped.push(...knowledge.skipped);
  const deep = folderTooDeep(where.root, plan);
  if (deep) {
    throw new UsageError(
      `cannot pull into ${where.label}: folder ${deep.folder} is too deep for this file system (a path of ${deep.bytes} bytes in it, more than the ${maxPathBytes()} it takes); nothing was written`,
      'pull into a directory with a shorter path, manage other folders only (code.folders in the project file), or move the folder up (`dgw folder move`)',
    );
  }
  if (pullDestroys(plan) && !opts.force) {
    const list = [
      ...plan.write.filter((w) => w.overwrite).map((w) => `${where.label}${w.file} (differs from the project)`),
      ...plan.remove.map((f) => `${where.label}${f} (no such query there in the project)`),
      ...plan.rmdirs.map((d) => `${where.label}${d}/ (no such folder in the project)`),
    ];
    throw new UsageError(
      `pull would replace or remove ${list.length} ${list.length === 1 ? 'entry' : 'entries'} that the project does not match: ${list.join('; ')}; nothing was written`,
      'run `dgw plan` to see the differences, or `dgw pull --force` to take the project\'s version',
    );
  }
  plan.remove.push(...writePull(where.root, plan, where.label));
  for (const note of plan.skipped) ctx.out.warn(`skipped ${note}`);
  const written = plan.write.map((w) => w.file);
  for (const w of plan.write) ctx.out.note(`${w.overwrite ? 'replaced' : 'wrote'} ${where.label}${w.file}`);
  for (const f of plan.remove) ctx.out.note(`removed ${where.label}${f}`);
  ctx.out.result(
    { project: projectId, dir: where.label, written, removed: plan.remove, unchanged: plan.unchanged, createdDirectories: plan.mkdirs, skipped: plan.skipped } satisfies PullResult,
    written.join('\n'),
  );
  const known = [...knowledge.write.map((w) => w.file), ...knowledge.unchanged];
  // The counts are of files, the knowledge files' too: each one written is also named above.
  ctx.out.success(
    `pulled ${queryCount} ${queryCount === 1 ? 'query' : 'queries'}${known.length > 0 ? ` and ${known.join(', ')}` : ''} into ${where.label} (${plural(written.length, 'file')} written, ${plan.unchanged.length} unchanged, ${plan.remove.length} removed)`,
  );
}
