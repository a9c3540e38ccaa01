import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { ContextDeps } from '../src/context.js';
import { buildProgram } from '../src/program.js';
import { useStandIn } from './support/stand-in.js';

// A short flag means one thing across dgw: -f is --field (dgw api). `dgw sql` keeps --file, with
// no short form, and says so when -f is given.

const inert: ContextDeps = {
  io: { stdout: { write: () => true }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } } as unknown as ContextDeps['io'],
  env: {},
  cwd: '.',
  signal: new AbortController().signal,
};

/** Every visible short flag of the tree and the long flag it stands for, by command path. */
function shortFlags(command: Command, path = 'dgw', out: Array<[string, string, string]> = []): Array<[string, string, string]> {
  for (const o of command.createHelp().visibleOptions(command)) if (o.short && o.long) out.push([path, o.short, o.long]);
  for (const sub of command.commands) shortFlags(sub, `${path} ${sub.name()}`, out);
  return out;
}

describe('short flags', () => {
  it('each short flag stands for the same long flag in every command', async () => {
    const meanings = new Map<string, Set<string>>();
    for (const [, short, long] of shortFlags(await buildProgram(inert))) meanings.set(short, (meanings.get(short) ?? new Set()).add(long));
    const ambiguous = [...meanings].filter(([, longs]) => longs.size > 1).map(([short, longs]) => `${short}: ${[...longs].join(', ')}`);
    expect(ambiguous).toEqual([]);
    expect([...(meanings.get('-f') ?? [])]).toEqual(['--field']);
  });
});

describe('dgw sql -f', () => {
  const { server, dgw } = useStandIn();

  it('is refused (exit 2) with a pointer to --file, and nothing is sent', async () => {
    const r = await dgw(['sql', '-f', 'report.sql']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: -f is not short for --file: in dgw, -f means --field \(of `dgw api`\); use --file PATH/m);
    expect(server.requests).toHaveLength(0);
  });

  it('--file still reads the statement', async () => {
    server.on('POST', /queries\/execute/, { json: { columns: [{ columnName: 'x' }], data: [[1]] } });
    const r = await dgw(['sql', '--file', '-'], { input: 'SELECT 1 AS x' });
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.map((q) => q.json)).toEqual([{ statement: 'SELECT 1 AS x' }]);
  });
});
