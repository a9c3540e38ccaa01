import type { Command } from 'commander';
import { expect, it } from 'vitest';
import type { ContextDeps } from '../src/context.js';
import { buildProgram } from '../src/program.js';
import { runInProcess } from './support/in-process.js';

// commander's help does not mark an option a command cannot run without: dgw's says "(required)".

it('every required option says so in its command\'s help, and no other option does', async () => {
  const inert: ContextDeps = { io: { stdout: { write: () => true }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } }, env: {}, cwd: '.', signal: new AbortController().signal };
  const required: string[][] = [];
  const walk = (command: Command, path: string[]) => {
    for (const option of command.options) if (option.mandatory) required.push([...path, option.long!]);
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(await buildProgram(inert), []);
  expect(required.length).toBeGreaterThan(0);
  for (const [...words] of required) {
    const long = words.pop()!;
    const help = (await runInProcess([...words, '--help'])).stdout;
    const lines = help.split('\n');
    const at = lines.findIndex((line) => new RegExp(`^ {2}(-\\w, )?${long}\\b`).test(line));
    const rest = lines.slice(at + 1);
    const entry = [lines[at], ...rest.slice(0, Math.max(0, rest.findIndex((line) => !/^ {10,}\S/.test(line))))].join(' ');
    expect(entry, `${words.join(' ')} ${long}`).toContain('(required)');
  }
  expect((await runInProcess(['parametric-table', 'create', '--help'])).stdout.match(/\(required\)/g)).toHaveLength(1);
});
