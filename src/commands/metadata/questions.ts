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
    .description('Have the service suggest questions a person could ask of the project (hosted service only)')
    .addHelpText('after', `${examples('dgw metadata questions "Which customers order most?"')}${HOSTED_ONLY}`)
    .action(wiring.action(async (ctx: Context, question: string, _opts: object) => {
      if (!question.trim()) throw new UsageError('QUESTION must not be empty');
      const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
      const answer = await generateSampleQuestions(http, projectId, question);
      printModelAnswer(ctx, answer);
    }));
}
