import type { Argument, Command, Option } from 'commander';
import type { GlobalOptions } from '../context.js';
import { argumentKind, optionKind, type LiveKind } from './kinds.js';
import { subcommandNamed } from '../subcommand.js';

/** What the word under the cursor is, read from the words typed, as the shell scripts read them. */
export interface CompletionTarget {
  /** The live kind to complete, or undefined when the word takes no live value. */
  kind?: LiveKind;
  /** The word typed so far (a prefix of the answer). */
  current: string;
  /** The positional words before it (e.g. the table before a column). */
  positionals: string[];
  /** The global options that choose the project. */
  globals: GlobalOptions;
}

const SETTING_OPTIONS = new Set(['profile', 'zone', 'baseUrl', 'project']);

/** Reads the words after `dgw` against the command tree: which argument or option value the last word is, and the globals. */
export function completionTarget(program: Command, words: string[]): CompletionTarget {
  const current = words.at(-1) ?? '';
  const globals: GlobalOptions = {};
  const positionals: string[] = [];
  let command = program;
  let pending: Option | undefined;
  // After --, every word is an argument, even one that starts with -.
  let operands = false;
  for (const word of words.slice(0, -1)) {
    if (pending) {
      if (SETTING_OPTIONS.has(pending.attributeName())) (globals as Record<string, string>)[pending.attributeName()] = word;
      pending = undefined;
      continue;
    }
    if (word === '--' && !operands) {
      operands = true;
      continue;
    }
    if (!operands && word.startsWith('-') && word.length > 1) {
      const [flag, value] = word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
      const option = findOption(command, flag);
      if (option && value !== undefined && SETTING_OPTIONS.has(option.attributeName())) (globals as Record<string, string>)[option.attributeName()] = value;
      else if (option?.required && value === undefined) pending = option;
      continue;
    }
    const sub = positionals.length === 0 ? subcommandNamed(command, word) : undefined;
    if (sub) command = sub;
    else positionals.push(word);
  }
  if (pending) return { kind: optionKind(pending), current, positionals, globals };
  const eq = operands ? -1 : current.indexOf('=');
  const valued = current.startsWith('--') && eq > 0 ? findOption(command, current.slice(0, eq)) : undefined;
  if (valued?.required) return { kind: optionKind(valued), current: current.slice(eq + 1), positionals, globals };
  if (!operands && current.startsWith('-')) return { current, positionals, globals };
  const argument = argumentAt(command.registeredArguments, positionals.length);
  return { kind: argument ? argumentKind(argument) : undefined, current, positionals, globals };
}

function argumentAt(args: readonly Argument[], index: number): Argument | undefined {
  if (index < args.length) return args[index];
  const last = args.at(-1);
  return last?.variadic ? last : undefined;
}

/** Global options apply at any depth, so the commands above are searched too. */
function findOption(command: Command, flag: string): Option | undefined {
  for (let c: Command | null = command; c; c = c.parent) {
    const option = c.options.find((o) => o.long === flag || o.short === flag);
    if (option) return option;
  }
  return undefined;
}
