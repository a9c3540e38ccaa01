// Build entry: one schema file per JSON-printing command of the real tree.
import { schemaFileFor } from './contract/fields.js';
import { schemaText, type CommandInfo } from './contract/publish.js';
import { buildProgram, inertDeps, visibleTree } from './program.js';

/** Every visible command that runs (no subcommands), by path, and whether it takes --dry-run. */
export async function leafCommands(): Promise<CommandInfo[]> {
  const leaves = visibleTree(await buildProgram(inertDeps())).filter(({ command }) => visibleTree(command).length === 0);
  return leaves.map(({ path, command }) => ({ path: path.join(' '), dryRun: command.options.some((o) => o.long === '--dry-run') }));
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
