import type { Command } from 'commander';
import { searchMetadata } from '../../api/metadata.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, wholeNumber, type Wiring } from '../wiring.js';
import { HOSTED_ONLY, printModelAnswer } from './model-answer.js';

export function registerMetadataSearch(parent: Command, wiring: Wiring): void {
  parent
    .command('search')
    .argument('<words>', 'words describing the table sought')
    .option('--top-k <n>', 'how many matches to return')
    .description("Search the project's metadata by meaning (hosted service only)")
    .addHelpText('after', `${examples('dgw metadata search "monthly revenue" --top-k 5')}${HOSTED_ONLY}`)
    .action(wiring.action(async (ctx: Context, words: string, opts: { topK?: string }) => {
      if (!words.trim()) throw new UsageError('WORDS must not be empty');
      const topK = opts.topK === undefined ? undefined : wholeNumber(opts.topK, '--top-k');
      const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
      const answer = await searchMetadata(http, projectId, words, topK);
      printModelAnswer(ctx, answer);
    }));
}
