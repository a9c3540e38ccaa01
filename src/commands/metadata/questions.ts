import type { Command } from 'commander';
import { generateSampleQuestions } from '../../api/metadata.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { HOSTED_ONLY, printModelAnswer } from './model-answer.js';

export function registerMetadataQuestions(parent: Command, wiring: Wiring): void {
  parent
    .command('questions')
    .argument('<question>', 'a question to start from')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Have the service suggest questions a person could ask of the project (hosted service only)')
    .addHelpText('after', `${examples('dgw metadata questions "Which customers order most?" --dry-run')}${HOSTED_ONLY}`)
    .action(wiring.action(async (ctx: Context, question: string, opts: { dryRun?: boolean }) => {
      if (!question.trim()) throw new UsageError('QUESTION must not be empty');
      const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
      const answer = await generateSampleQuestions(http, projectId, question);
      if (opts.dryRun) return;
      printModelAnswer(ctx, answer);
    }));
}
