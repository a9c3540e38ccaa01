// Build entry: completion scripts rendered from the real command tree, which runs no command.
import { renderCompletions } from './commands/completion/scripts.js';
import { completionTree, type CommandNode } from './commands/completion/tree.js';
import { buildProgram, inertDeps } from './program.js';

/** The whole command tree as shells complete it. */
export async function programTree(): Promise<CommandNode> {
  return completionTree(await buildProgram(inertDeps()));
}

/** `{ 'dgw.bash': ..., '_dgw': ..., 'dgw.fish': ... }`, the files `completions/` must hold. */
export async function generateCompletions(): Promise<Record<string, string>> {
  return renderCompletions(await buildProgram(inertDeps()));
}
