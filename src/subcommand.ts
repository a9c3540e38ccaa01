import type { Command } from 'commander';

/** The subcommand of `command` that `word` names, by its name or an alias, as commander matches it. */
export function subcommandNamed(command: Command, word: string): Command | undefined {
  return command.commands.find((c) => c.name() === word || c.aliases().includes(word));
}
