import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './support/in-process.js';
import { buildProgram } from '../src/program.js';

// Every command a user can run has `--help` ending in an Examples section (design section 4).
// Help is rendered in process through `main`, as the binary does, with output captured.

/** Paths of the runnable (leaf) commands, hidden ones left out. */
function leaves(command: Command, prefix: string[] = []): string[][] {
  const visible = command.createHelp().visibleCommands(command).filter((c) => command.commands.includes(c));
  if (visible.length === 0) return prefix.length > 0 ? [prefix] : [];
  return visible.flatMap((c) => leaves(c, [...prefix, c.name()]));
}

const commands = leaves(await buildProgram(capture().deps));

describe('--help of every command', () => {
  it('finds the commands of the issue', () => {
    const names = commands.map((c) => c.join(' '));
    expect(names).toEqual(expect.arrayContaining(['auth login', 'auth status', 'auth logout', 'profile list', 'profile use', 'profile rm', 'config explain', 'api', 'completion', 'catalog list', 'table drop-column']));
  });

  it.each(commands.map((c) => [c.join(' '), c]))('dgw %s --help has examples', async (_name, path) => {
    const { deps, stdout } = capture();
    expect(await main([...(path as string[]), '--help'], deps)).toBe(0);
    expect(stdout()).toMatch(/^Usage: dgw /m);
    expect(stdout()).toMatch(/\nExamples:\n {2}\$ dgw \S/);
  });
});
