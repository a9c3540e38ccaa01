import type { Command } from 'commander';
import type { ContextDeps } from './context.js';
import { createWiring } from './commands/wiring.js';
import { addHelpTopicCommand, createRoot, NOUNS } from './root.js';

/** Builds the whole command tree (completions, help); commands run only when an action fires. */
export async function buildProgram(deps: ContextDeps): Promise<Command> {
  const program = createRoot(deps);
  const wiring = createWiring(deps);
  // Several words load one noun (`serve` and `sql`): the Set registers each once, in NOUNS' order.
  const registers = new Set(await Promise.all([...NOUNS.values()].map((load) => load())));
  for (const register of registers) register(program, wiring);
  addHelpTopicCommand(program, deps);
  return program;
}

/** A visible command of the tree, with the names that lead to it. */
interface Listed {
  path: string[];
  command: Command;
}

/** Every visible command, groups and leaves, depth first, in the order help lists them (commander's implicit `help` is none). */
export function visibleTree(command: Command, path: string[] = []): Listed[] {
  const children = command.createHelp().visibleCommands(command).filter((c) => command.commands.includes(c));
  return children.flatMap((c) => [{ path: [...path, c.name()], command: c }, ...visibleTree(c, [...path, c.name()])]);
}

/** Deps for build entries that read the whole tree and its help: output goes nowhere, and nothing is read. */
export function inertDeps(): ContextDeps {
  return {
    io: { stdout: { write: () => true }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } },
    env: {},
    cwd: '.',
    signal: new AbortController().signal,
  };
}
