import type { Command } from 'commander';
import { jsonFieldsHelp } from './fields.js';
import { HELP_TOPIC_COMMAND } from '../help-topics.js';

/**
 * Ends the help of every command that runs with its JSON fields (from its published schema).
 * Added only when help is asked for: the schema files are read then, and not on other runs.
 */
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
