import { Argument, type Command } from 'commander';
import { setAiUsage, type AiUsageRecord } from '../../api/metadata.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { checkNameArgument } from '../name-argument.js';
import { catalogIdOf } from '../catalog-path.js';
import { anyCase, examples, type Wiring } from '../wiring.js';

const AI_COLUMNS: Column<AiUsageRecord>[] = [
  { field: 'catalogId', kind: 'id' },
  { field: 'schemaName', kind: 'key', show: (a) => a.schemaName ?? '(every schema)' },
  { field: 'useWithAI', show: (a) => (a.useWithAI ? 'yes' : 'no') },
];

export function registerMetadataAiUsage(parent: Command, wiring: Wiring): void {
  parent
    .command('ai-usage')
    .addArgument(completes(new Argument('<target>', 'a catalog (id or name), or catalog.schema'), 'catalog'))
    .addArgument(anyCase(new Argument('<use>', 'on: the agent may use it; off: it may not'), ['on', 'off']))
    .option('--dry-run', 'print the request instead of sending it')
    .description('Say whether the agent may use a whole catalog, or one schema of it (a table: metadata describe --no-use-with-ai)')
    .addHelpText('after', examples('dgw metadata ai-usage svc.table off', 'dgw metadata ai-usage 1 on --json'))
    .action(wiring.action(runMetadataAiUsage));
}

export async function runMetadataAiUsage(ctx: Context, target: string, use: string, opts: { dryRun?: boolean }): Promise<void> {
  const parts = target.split('.');
  if (parts.length > 2) throw new UsageError('TARGET must be a catalog or catalog.schema (a table: metadata describe TABLE --no-use-with-ai)');
  parts.forEach((p, i) => checkNameArgument(p, i === 0 ? 'TARGET\'s catalog' : 'TARGET\'s schema'));
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const catalogId = await catalogIdOf(ctx, http, projectId, parts[0], parts[1]);
  const answer = await setAiUsage(http, projectId, catalogId, parts[1], use === 'on');
  if (opts.dryRun) return;
  await ctx.out.record(answer, AI_COLUMNS, (a) => a.catalogId);
  ctx.out.success(`the agent ${use === 'on' ? 'may' : 'may not'} use ${target}`);
}
