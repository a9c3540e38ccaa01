import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { programTree } from '../src/completion-tree.js';
import type { CommandNode } from '../src/commands/completion/tree.js';
import { runDgw } from './support/dgw.js';

// The completion scripts: what the tree holds, that each script parses in its shell, that bash
// actually completes with it, and that `dgw completion SHELL` prints the shipped file.
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../completions');
const FILES = { bash: 'dgw.bash', zsh: '_dgw', fish: 'dgw.fish' } as const;
const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

const tree = await programTree();

describe('the completion tree', () => {
  const child = (node: CommandNode, name: string) => node.commands.find((c) => c.name === name)!;

  it('has every noun and verb of the issue, the global options and the zone choices', () => {
    const nouns = tree.commands.map((c) => c.name);
    expect(nouns).toEqual(expect.arrayContaining(['auth', 'profile', 'config', 'catalog', 'table', 'connection', 'api', 'completion', 'help']));
    expect(child(tree, 'auth').commands.map((c) => c.name)).toEqual(['login', 'status', 'logout', 'help']);
    expect(child(tree, 'profile').commands.map((c) => c.name)).toEqual(['list', 'use', 'rm', 'help']);
    const flags = tree.options.flatMap((o) => o.flags);
    expect(flags).toEqual(expect.arrayContaining(['--profile', '--zone', '--base-url', '--project', '--json', '-q', '--quiet', '--no-color', '--debug', '--timeout']));
    expect(tree.options.find((o) => o.flags.includes('--zone'))).toMatchObject({ takesValue: true, values: ['default', 'eu', 'local'] });
    expect(tree.options.find((o) => o.flags.includes('--json'))?.takesValue).toBe(false);
  });

  it('has per-verb options, argument choices and aliases', () => {
    const login = child(child(tree, 'auth'), 'login');
    expect(login.options.find((o) => o.flags.includes('--key-type'))).toMatchObject({ values: ['partner', 'project'] });
    expect(child(tree, 'completion').argumentChoices).toEqual(['bash', 'zsh', 'fish']);
    expect(child(tree, 'api').argumentChoices).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(child(tree, 'api').options.find((o) => o.flags.includes('--input'))?.values).toBe('files');
    expect(child(child(tree, 'profile'), 'list').aliases).toContain('ls');
    expect(tree.commands.map((c) => c.name)).not.toContain('help-topic');
  });
});

describe('script syntax', () => {
  it('bash parses completions/dgw.bash', () => {
    const r = spawnSync('bash', ['-n', path.join(dir, FILES.bash)], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it.skipIf(!has('zsh'))('zsh parses completions/_dgw', () => {
    const r = spawnSync('zsh', ['-n', path.join(dir, FILES.zsh)], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it.skipIf(!has('fish'))('fish parses completions/dgw.fish', () => {
    const r = spawnSync('fish', ['--no-execute', path.join(dir, FILES.fish)], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('bash completes with the script', () => {
  /** Sources the script and runs its completion function on the words typed so far. */
  function complete(...words: string[]): string[] {
    const script = [
      `source ${JSON.stringify(path.join(dir, FILES.bash))}`,
      `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
      'COMP_CWORD=$((${#COMP_WORDS[@]} - 1))',
      '_dgw',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).split('\n').filter(Boolean);
  }

  it.each([
    [['dgw', 'au'], ['auth']],
    [['dgw', 'auth', ''], ['login', 'status', 'logout', 'help']],
    [['dgw', '--zone', ''], ['default', 'eu', 'local']],
    [['dgw', '--zone', 'eu', 'profile', 'l'], ['list']],
    [['dgw', 'profile', 'ls', '--j'], ['--json', '--jq']],
    [['dgw', 'auth', 'login', '--key-type', 'p'], ['partner', 'project']],
    [['dgw', 'auth', 'login', '--w'], ['--with-token']],
    [['dgw', 'completion', ''], ['bash', 'zsh', 'fish']],
    [['dgw', 'completion', 'bash', ''], []],
    [['dgw', 'api', 'P'], ['POST', 'PUT', 'PATCH']],
    [['dgw', '--project', 'auth', 'c'], ['cache', 'catalog', 'completion', 'config', 'connection']],
  ])('%j → %j', (words, expected) => {
    expect(complete(...words).sort()).toEqual([...expected].sort());
  });

  // Bash splits --opt=value at = (COMP_WORDBREAKS) into --opt, = and value.
  it.each([
    [['dgw', 'query', 'ls', '--format', '=', 'js'], ['json', 'jsonl']],
    [['dgw', '--zone', '='], ['default', 'eu', 'local']],
    [['dgw', '--zone', '=', 'eu', 'profile', 'l'], ['list']],
    [['dgw', '--json', '=', 'name', 'profile', 'l'], ['list']],
  ])('an option written --opt=value completes as --opt value: %j → %j', (words, expected) => {
    expect(complete(...words).sort()).toEqual([...expected].sort());
  });
});

describe('dgw completion SHELL', () => {
  it.each(Object.entries(FILES))('%s prints completions/%s byte for byte', async (shell, file) => {
    const r = await runDgw(['completion', shell]);
    expect(r.code).toBe(0);
    expect(r.stdout === fs.readFileSync(path.join(dir, file), 'utf8')).toBe(true);
  });

  it('prints the script when only a default (DGW_OUTPUT, a profile) chooses JSON; --json is still refused', async () => {
    const r = await runDgw(['completion', 'bash'], { env: { DGW_OUTPUT: 'json' } });
    expect(r.code).toBe(0);
    expect(r.stdout === fs.readFileSync(path.join(dir, 'dgw.bash'), 'utf8')).toBe(true);
    expect((await runDgw(['completion', 'bash', '--json'])).code).toBe(2);
  });

  it('an unknown shell is a usage error (exit 2)', async () => {
    const r = await runDgw(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/powershell/);
    expect(r.stdout).toBe('');
  });
});
