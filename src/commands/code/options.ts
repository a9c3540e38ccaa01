import type { Command } from 'commander';

/** `--dir`, shared by pull, plan and apply. */
export function addDirOption(command: Command): Command {
  return command.option('--dir <path>', 'the directory of query files (default: code.dir in the project file, else ./queries)');
}
