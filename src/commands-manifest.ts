// Build entry for scripts/build.mjs: what the root help shows of each top-level command, taken
// from the whole tree and written to dist/commands.json, so that the root help needs no command's
// code at run time (see rootForHelp in root.ts). Building the tree runs no command.
import type { ContextDeps } from './context.js';
import { buildProgram } from './program.js';
import { summarise, type CommandSummary } from './root.js';

const inert: ContextDeps = {
  io: { stdout: { write: () => true }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } },
  env: {},
  cwd: '.',
  signal: new AbortController().signal,
};

export function commandSummaries(): CommandSummary[] {
  return summarise(buildProgram(inert));
}
