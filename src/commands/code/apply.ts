import type { Command } from 'commander';
import { examples, type Wiring } from '../wiring.js';
import { addDirOption } from './options.js';
import type { ApplyOptions } from './run-apply.js';

export function registerApply(program: Command, wiring: Wiring): void {
  addDirOption(program.command('apply').description('Make the project match the query and knowledge files: create, update, move, convert and (with --prune) delete'))
    .option('--prune', 'also delete queries and folders that are in the project but in no file')
    .option('-y, --yes', 'do not ask before deletes and conversions (needed without a terminal)')
    .option('--plan <file>', 'apply a plan saved with `dgw plan --json`, if the project has not changed since')
    .addHelpText(
      'after',
      examples(
        'dgw apply',
        'dgw apply --prune --yes         # in CI: no terminal to ask on',
        'dgw plan --json > plan.json && dgw apply --plan plan.json',
        'dgw --zone local apply --dir queries   # rehearse on the local gateway',
      ),
    )
    .action(wiring.action(async (ctx, opts: ApplyOptions) => (await import('./run-apply.js')).runApply(ctx, opts)));
}
