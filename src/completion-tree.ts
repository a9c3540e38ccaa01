// Build entry: completion scripts rendered from the real command tree, which runs no command.
import { renderCompletions } from './commands/completion/scripts.js';
import { completionTree, type CommandNode } from './commands/completion/tree.js';
import type { ContextDeps } from './context.js';
import { buildProgram } from './program.js';

const inert: ContextDeps = {
  io: { stdout: { write: () => true }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } },
  env: {},
  cwd: '.',
  signal: new AbortController().signal,
};

/** The whole command tree as shells complete it. */
export function programTree(): CommandNode {
  return completionTree(buildProgram(inert));
}

/** `{ 'dgw.bash': ..., '_dgw': ..., 'dgw.fish': ... }`, the files `completions/` must hold. */
export function generateCompletions(): Record<string, string> {
  return renderCompletions(buildProgram(inert));
}
