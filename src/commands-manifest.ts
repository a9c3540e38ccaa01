// Build entry: the root help's summary of each command, written to dist/commands.json so root help loads no command code.
import { buildProgram, inertDeps } from './program.js';
import { summarise, type CommandSummary } from './root.js';

export async function commandSummaries(): Promise<CommandSummary[]> {
  return summarise(await buildProgram(inertDeps()));
}
