import { Argument, type Command } from 'commander';
import { generateSemantics } from '../../api/metadata.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { catalogPath } from '../catalog-path.js';
import { examples, wholeNumber, type Wiring } from '../wiring.js';
import { HOSTED_ONLY, printModelAnswer } from './model-answer.js';

/** Options of `metadata semantics`. */
export interface MetadataSemanticsOptions {
  prompt?: string;
  limit?: string;
  thread?: string;
  dryRun?: boolean;
}

export function registerMetadataSemantics(parent: Command, wiring: Wiring): void {
  parent
    .command('semantics')
    .addArgument(completes(new Argument('<table>', 'catalog.schema.table (the catalog by id or name)'), 'catalog'))
    .option('--prompt <text>', 'what to tell the model about the table first')
    .option('--limit <n>', 'how many rows the model may read')
    .option('--thread <id>', 'the agent thread to work in')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Have the service generate descriptions of a table and its columns (hosted service only)')
    .addHelpText('after', `${examples('dgw metadata semantics svc.table.orders --dry-run', 'dgw metadata semantics svc.table.orders --prompt "An online shop\'s orders" --dry-run')}${HOSTED_ONLY}`)
    .action(wiring.action(runMetadataSemantics));
}

export async function runMetadataSemantics(ctx: Context, table: string, opts: MetadataSemanticsOptions): Promise<void> {
  const limit = opts.limit === undefined ? undefined : wholeNumber(opts.limit, '--limit');
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const at = await catalogPath(ctx, http, projectId, table, 'TABLE', false);
  const answer = await generateSemantics(http, projectId, at, { initialPrompt: opts.prompt, limit, threadId: opts.thread });
  if (opts.dryRun) return;
  printModelAnswer(ctx, answer);
}
