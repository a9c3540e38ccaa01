import type { Command } from 'commander';
import { argumentKind, optionKind } from '../../completion/kinds.js';
import { HELP_TOPICS } from '../../help-topics.js';

/** One option as shells complete it. */
export interface OptionNode {
  /** Every spelling, short first: `['-q', '--quiet']`. */
  flags: string[];
  description: string;
  /** True when the option consumes the next word (not for an optional value such as `--json [fields]`). */
  takesValue: boolean;
  /** Values to offer, e.g. zones; `files` when the value is a file name; `live` from the project (`dgw __complete`). */
  values?: string[] | 'files' | 'live';
}

/** A command as shells complete it: its options, positional choices and subcommands. */
export interface CommandNode {
  name: string;
  aliases: string[];
  description: string;
  options: OptionNode[];
  /** Values offered for the first positional argument (e.g. the shells of `completion`). */
  argumentChoices: string[];
  /** Some positional argument takes live values (names from the project): the scripts ask `dgw __complete`. */
  live: boolean;
  commands: CommandNode[];
}

/** The completion view of the whole tree: hidden commands and options are left out. */
export function completionTree(program: Command): CommandNode {
  return commandNode(program, true);
}

function commandNode(command: Command, root: boolean): CommandNode {
  const help = command.createHelp();
  const subcommands = help.visibleCommands(command);
  const nouns = command.commands.filter((c) => subcommands.includes(c)).map((c) => c.name());
  return {
    name: command.name(),
    aliases: command.aliases(),
    description: firstLine(command.description()),
    options: help.visibleOptions(command).map((o) => ({
      flags: [o.short, o.long].filter((f): f is string => Boolean(f)),
      description: firstLine(o.description),
      takesValue: o.required,
      ...(o.argChoices
        ? { values: [...o.argChoices] }
        : optionKind(o)
          ? { values: 'live' as const }
          : /<(file|path)>/.test(o.flags) && !/--path\b/.test(o.flags)
            ? { values: 'files' as const }
            : {}),
    })),
    argumentChoices: [...(command.registeredArguments[0]?.argChoices ?? [])],
    live: command.registeredArguments.some((a) => argumentKind(a) !== undefined),
    commands: subcommands.map((c) =>
      // Commander's implicit `help [command]` has no tree of its own: offer the command names.
      command.commands.includes(c)
        ? commandNode(c, false)
        : { name: c.name(), aliases: [], description: firstLine(c.description()), options: [], argumentChoices: root ? [...nouns, ...HELP_TOPICS] : nouns, live: false, commands: [] },
    ),
  };
}

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}
