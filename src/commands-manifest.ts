// Build entry: the root help's summary of each command, written to dist/commands.json so root help loads no command code.
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
