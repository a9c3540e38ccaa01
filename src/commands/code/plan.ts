import type { Command } from 'commander';
import { examples, type Wiring } from '../wiring.js';
import { addDirOption } from './options.js';
import type { PlanOptions } from './run-plan.js';

export function registerPlan(program: Command, wiring: Wiring): void {
  addDirOption(
    program
      .command('plan')
      .description('Show what `dgw apply` would change to make the project match the query and knowledge files (sends no change)'),
  )
    .option('--prune', 'also plan the deletion of queries and folders that are in the project but in no file')
    .option('--exit-code', 'exit 11 when there are changes, 0 when there are none (for CI)')
    .addHelpText(
      'after',
      examples(
        'dgw plan',
        'dgw plan --dir sql --prune',
        'dgw plan --exit-code            # exit 11 on drift, for a CI step',
        'dgw plan --json > plan.json     # a saved plan for `dgw apply --plan plan.json`',
      ),
    )
    .action(wiring.action(async (ctx, opts: PlanOptions) => (await import('./run-plan.js')).runPlan(ctx, opts)));
}
