import type { Command } from 'commander';
import { jsonFieldsHelp } from './fields.js';
import { HELP_TOPIC_COMMAND } from '../help-topics.js';

/** Ends each command's help with its JSON fields; added only when help is asked for, so schemas are read only then. */
export function addJsonFieldsHelp(program: Command): void {
  const walk = (command: Command, path: string[]) => {
    const subs = command.commands.filter((c) => c.name() !== HELP_TOPIC_COMMAND && c.name() !== '__complete');
    if (subs.length === 0 && path.length > 0) {
      command.addHelpText('after', () => jsonFieldsHelp(path.join(' ')));
      return;
    }
    for (const sub of subs) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
}
