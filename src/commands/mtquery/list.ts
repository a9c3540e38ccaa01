import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { completes } from '../../completion/kinds.js';
import { runQueryList, type QueryListOptions } from '../query/list.js';
import { examples, type Wiring } from '../wiring.js';

export function registerMtqueryList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .addOption(completes(new Option('--folder <folder>', 'only those in this folder (path such as /reports, or folder id)'), 'folder'))
    .option('-r, --recursive', 'with --folder: also those in its subfolders, at any depth')
    .description('List materialized queries (query list --type materialized); their refresh status: mtquery status')
    .addHelpText('after', examples('dgw mtquery list', 'dgw mtquery list --folder /reports -r', 'dgw mtquery list -q | xargs -r -n1 dgw mtquery refresh'))
    .action(wiring.action(runMtqueryList));
}

export function runMtqueryList(ctx: Context, opts: Omit<QueryListOptions, 'type'>): Promise<void> {
  return runQueryList(ctx, { ...opts, type: 'materialized' });
}
