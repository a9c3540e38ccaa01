import { describe, expect, it } from 'vitest';
import { runAsBinaryWould } from './support/in-process.js';

// Help for a command that does not exist is a usage error with a suggestion (exit 2), as the
// command itself is; help for one that exists is printed with exit 0. Run in-process: the exit
// code is main's, which bin/dgw.js only passes on.
const dgw = (args: string[]) => runAsBinaryWould(args);

describe('help for a word that names no command', () => {
  it.each([
    [['help', 'quer'], 'quer', /Did you mean query\?/],
    [['help', 'query', 'lst'], 'lst', /Did you mean one of list, ls\?/],
    [['quer', '--help'], 'quer', /Did you mean query\?/],
    [['--zone', 'local', 'query', 'lst', '-h'], 'lst', /Did you mean one of list, ls\?/],
  ])('dgw %j exits 2 and suggests the command', async (args, word, suggestion) => {
    const r = await dgw(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: unknown command '${word}'`);
    expect(r.stderr).toMatch(suggestion);
    expect(r.stdout).toBe('');
  });

  it('says the same as the mistyped command itself', async () => {
    const [help, direct] = await Promise.all([dgw(['help', 'quer']), dgw(['quer'])]);
    expect(help.stderr).toBe(direct.stderr);
    expect(help.code).toBe(direct.code);
  });

  it('an unknown word with nothing close is still exit 2', async () => {
    const r = await dgw(['help', 'xyzzy']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'xyzzy'");
  });
});

describe('help for a command that exists', () => {
  it('dgw help query list shows the help of list, not of query', async () => {
    const r = await dgw(['help', 'query', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: dgw query list\|ls/);
  });

  it('arguments after a command without subcommands are left to it', async () => {
    const r = await dgw(['query', 'get', 'revenuereport', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: dgw query get\|show/);
  });

  it('dgw help and dgw help query still work', async () => {
    const [root, noun] = await Promise.all([dgw(['help']), dgw(['help', 'query'])]);
    expect(root.code).toBe(0);
    expect(root.stdout).toMatch(/^Usage: dgw \[options\] \[command\]/);
    expect(noun.code).toBe(0);
    expect(noun.stdout).toMatch(/^Usage: dgw query \[options\] \[command\]/);
  });
});

describe('a suggestion commander cannot make', () => {
  it.each([
    [['help', 'exit-code'], 'exit-code', /\(Did you mean dgw help exit-codes\?\)/],
    [['help', 'QUERY'], 'QUERY', /\(Did you mean dgw help query\?\)/],
    [['help', 'query', 'LIST'], 'LIST', /\(Did you mean dgw help query list\?\)/],
    [['QUERY', 'list'], 'QUERY', /\(Did you mean query\?\)/],
    [['Folder'], 'Folder', /\(Did you mean folder\?\)/],
  ])('dgw %j exits 2 and suggests, case aside', async (args, word, suggestion) => {
    const r = await dgw(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: unknown command '${word}'`);
    expect(r.stderr).toMatch(suggestion);
    expect(r.stderr.match(/Did you mean/g)).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('exit-codes is a help topic, not a command: dgw exit-code suggests nothing of it', async () => {
    const r = await dgw(['exit-code']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('exit-codes');
  });
});
