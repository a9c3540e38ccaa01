// Build entry: one schema file per JSON-printing command of the real tree.
import type { Command } from 'commander';
import { schemaFileFor } from './contract/fields.js';
import { schemaText, type CommandInfo } from './contract/publish.js';
import { buildProgram, inertDeps } from './program.js';

/** Every visible command that runs (no subcommands), by path, and whether it takes --dry-run. */
export async function leafCommands(): Promise<CommandInfo[]> {
  const out: CommandInfo[] = [];
  const walk = (command: Command, path: string[]) => {
    const visible = command.createHelp().visibleCommands(command).filter((c) => command.commands.includes(c));
    if (visible.length === 0 && path.length > 0) {
      out.push({ path: path.join(' '), dryRun: command.options.some((o) => o.long === '--dry-run') });
      return;
    }
    for (const sub of visible) walk(sub, [...path, sub.name()]);
  };
  walk(await buildProgram(inertDeps()), []);
  return out;
}

/** `{ 'query-list.json': text, ... }`: the files schemas/ must hold. */
export async function generateSchemaFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const command of await leafCommands()) {
    const text = schemaText(command);
    if (text !== undefined) files[schemaFileFor(command.path)] = text;
  }
  return files;
}
