import type { Command } from 'commander';
import { examples, type Wiring } from '../wiring.js';
import { addDirOption } from './options.js';
import type { PullOptions } from './run-pull.js';

export function registerPull(program: Command, wiring: Wiring): void {
  addDirOption(program.command('pull').description('Write the project\'s queries into a directory of .sql files, one folder per directory, and its golden SQLs and relations into golden-sqls.yaml and relations.yaml'))
    .option('--force', 'replace files that differ from the project and remove files of no project query')
    .addHelpText(
      'after',
      examples('dgw pull', 'dgw pull --dir sql', 'dgw --zone local pull --dir rehearsal', 'dgw pull --force   # take the project\'s version of every file'),
    )
    .action(wiring.action(async (ctx, opts: PullOptions) => (await import('./run-pull.js')).runPull(ctx, opts)));
}
