import { describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';

// `dgw table --help` printed twenty lines of global options before the group's commands. A group's
// help now shows its commands, then one line that points to `dgw help options`, as gh folds its
// inherited flags; a verb's help still lists every option it takes.

const GROUPS = ['query', 'mtquery', 'folder', 'catalog', 'table', 'export', 'connection', 'project', 'key', 'auth', 'profile', 'config'];
const help = (argv: string[]) => runInProcess(argv, { env: {}, terminalColumns: 100 });

describe('a group\'s help', () => {
  it.each(GROUPS)('dgw %s --help: its commands first, the global options folded into one line', async (group) => {
    const r = await help([group, '--help']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const commands = lines.indexOf('Commands:');
    expect(commands).toBeGreaterThan(0);
    expect(r.stdout).not.toContain('Global Options:');
    expect(r.stdout).not.toMatch(/^\s+--timeout <duration>/m);
    const folded = lines.findIndex((l) => l.startsWith('Options:') && l.includes('`dgw help options`'));
    expect(folded).toBeGreaterThan(commands);
    expect(lines.length).toBeLessThan(40);
  });

  it('a verb\'s help still lists the global options it takes', async () => {
    const r = await help(['table', 'list', '--help']);
    expect(r.stdout).toContain('Global Options:');
    expect(r.stdout).toMatch(/^\s+--timeout <duration>/m);
  });
});

describe('dgw help options', () => {
  it('lists every global option with its description, and nothing else', async () => {
    const r = await help(['help', 'options']);
    expect(r.code, r.stderr).toBe(0);
    for (const option of ['--profile <name>', '--zone <zone>', '--base-url <url>', '--project <id>', '--json [fields]', '--jq <expression>', '--format <format>', '-q, --quiet', '--header', '--no-color', '--no-pager', '--debug', '--timeout <duration>']) {
      expect(r.stdout).toContain(option);
    }
    expect(r.stdout).not.toContain('--version');
    expect(r.stdout).not.toContain('Commands:');
  });

  it('a near miss is suggested, as other help topics are', async () => {
    const r = await help(['help', 'option']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Did you mean dgw help options?');
  });
});
