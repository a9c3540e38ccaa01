import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { ContextDeps } from '../src/context.js';
import { buildProgram } from '../src/program.js';
import { buildProgramFor, commandWord as wordOf, createRoot, NOUNS, rootForHelp, summarise } from '../src/root.js';
import { runDgw } from './support/dgw.js';

// A command line that names a noun loads that noun alone (src/root.ts). These tests hold the lazy
// tree to the whole one (built from NOUNS too), so a command word missing from NOUNS, or a noun
// registered differently, is caught.

const inert: ContextDeps = {
  io: { stdout: { write: () => true }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } } as unknown as ContextDeps['io'],
  env: {},
  cwd: '.',
  signal: new AbortController().signal,
};

/** Everything a user can see of a command and its subcommands: help text of each, by path. */
function describeTree(command: Command, prefix = command.name()): Record<string, string> {
  const out: Record<string, string> = { [prefix]: command.helpInformation() };
  for (const sub of command.commands) Object.assign(out, describeTree(sub, `${prefix} ${sub.name()}`));
  return out;
}

const full = await buildProgram(inert);
const topLevel = full.commands.filter((c) => c.name() !== 'help-topic');

describe('lazy nouns', () => {
  it('every top-level command of the whole tree can be loaded on its own', () => {
    expect(topLevel.length).toBeGreaterThan(5);
    for (const c of topLevel) {
      expect(NOUNS.has(c.name()), `NOUNS in src/root.ts lacks ${c.name()}`).toBe(true);
      for (const alias of c.aliases()) expect(NOUNS.has(alias), `NOUNS lacks alias ${alias}`).toBe(true);
    }
    for (const name of NOUNS.keys()) expect(full.commands.some((c) => c.name() === name || c.aliases().includes(name)), `${name} is not a command`).toBe(true);
  });

  for (const name of NOUNS.keys()) {
    it(`${name}: loaded alone, it is the same command as in the whole tree`, async () => {
      const lazy = await buildProgramFor(inert, [name]);
      const alone = lazy.commands.find((c) => c.name() === name)!;
      const whole = full.commands.find((c) => c.name() === name)!;
      expect(alone).toBeDefined();
      expect(describeTree(alone)).toEqual(describeTree(whole));
      // The root keeps its global options and the hidden exit-codes command.
      expect(lazy.options.map((o) => o.flags)).toEqual(full.options.map((o) => o.flags));
      expect(lazy.commands.some((c) => c.name() === 'help-topic')).toBe(true);
    });
  }

  it('reads the command word past the global options, as commander does', () => {
    const root = createRoot(inert);
    const commandWord = (argv: string[]) => wordOf(argv, root);
    expect(commandWord(['catalog', 'list'])).toBe('catalog');
    expect(commandWord(['--profile', 'eu', '--zone', 'local', 'query', 'get', 'x'])).toBe('query');
    expect(commandWord(['--base-url=http://127.0.0.1:1/api/v1', '-q', '--debug', '--no-color', 'table', 'list'])).toBe('table');
    expect(commandWord(['--json', 'catalog', 'list'])).toBe('catalog');
    expect(commandWord(['--json', 'id,name', 'catalog', 'list'])).toBe('catalog');
    expect(commandWord(['--json=id', '--timeout', '5s', 'sql', 'SELECT 1'])).toBe('sql');
    // Anything else builds the whole tree: no word, help, version, unknown options, `--`.
    expect(commandWord([])).toBeUndefined();
    expect(commandWord(['--help'])).toBeUndefined();
    expect(commandWord(['-h', 'catalog'])).toBeUndefined();
    expect(commandWord(['--version'])).toBeUndefined();
    expect(commandWord(['--frobnicate', 'catalog'])).toBeUndefined();
    expect(commandWord(['--', 'catalog'])).toBeUndefined();
  });

  it('reads past every global option the root has, as the root declares it (no list of its own to keep in step)', () => {
    const root = createRoot(inert);
    let checked = 0;
    for (const option of root.options) {
      if (option.long === '--version' || option.long === '--json') continue;
      for (const name of [option.short, option.long].filter((n): n is string => n !== undefined)) {
        const argv = option.required ? [name, 'some-value', 'catalog', 'list'] : [name, 'catalog', 'list'];
        expect(wordOf(argv, root), name).toBe('catalog');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
    // An option added to the root is read past at once.
    root.option('--extra <value>', 'an option added later');
    expect(wordOf(['--extra', 'v', 'catalog'], root)).toBe('catalog');
  });

  it('an unknown word, or help of an unknown one or after options, gets the whole tree (suggestions, help of any command)', async () => {
    expect((await buildProgramFor(inert, ['catalgo'])).commands.length).toBe(full.commands.length);
    expect((await buildProgramFor(inert, ['help', 'catalgo', 'list'])).commands.length).toBe(full.commands.length);
    expect((await buildProgramFor(inert, ['--debug', 'help'])).commands.length).toBe(full.commands.length);
  });

  it('`help exit-codes` and `help options` load no noun: they speak of the root alone', async () => {
    for (const topic of ['exit-codes', 'options']) expect((await buildProgramFor(inert, ['help', topic])).commands.map((c) => c.name())).toEqual(['help-topic']);
  });

  it('`help NOUN` and `help NOUN VERB ...` load that noun alone', async () => {
    for (const argv of [['help', 'query'], ['help', 'query', 'create'], ['help', 'query', 'nosuch']]) {
      const lazy = await buildProgramFor(inert, argv);
      expect(lazy.commands.map((c) => c.name()), argv.join(' ')).toEqual(['query', 'help-topic']);
    }
  });
});

describe('root help from the build\'s summaries', () => {
  it('renders exactly as the whole tree does, at any width', () => {
    const stub = rootForHelp(inert, JSON.parse(JSON.stringify(summarise(full))));
    // Every command but the hidden `__complete` (completion's, never in help).
    expect(stub.commands.length).toBe(full.commands.length - 1);
    for (const width of [40, 60, 80, 100, 132, 200]) {
      const render = (p: Command) => {
        p.configureOutput({ ...p.configureOutput(), getOutHelpWidth: () => width });
        return p.helpInformation();
      };
      expect(render(stub)).toBe(render(full));
    }
  });

  it('the summaries hold every visible top-level command', () => {
    const summaries = summarise(full);
    expect(summaries.map((s) => s.name)).toEqual(full.commands.filter((c) => !['help-topic', '__complete'].includes(c.name())).map((c) => c.name()));
  });
});

describe('help fast path', () => {
  it('`dgw --help` and `-h` to a pipe, and `dgw help`, print exactly what the whole tree renders', async () => {
    // `--no-color` before `help` is not one of the root-help shapes, so it renders from the whole tree.
    const whole = await runDgw(['--no-color', 'help']);
    const stubs = await runDgw(['help']);
    const cached = await runDgw(['--help']);
    const short = await runDgw(['-h']);
    expect(whole.code).toBe(0);
    expect(whole.stdout).toContain('Usage: dgw');
    expect(whole.stdout).toMatch(/^ {2}completion +Print the shell completion script/m);
    for (const r of [stubs, cached, short]) {
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(whole.stdout);
    }
  });

  it('root options alone, or before --help, -h, --version or -V: the same root help, the version', async () => {
    const root = await runDgw(['--help']);
    for (const args of [['--zone', 'local', '--help'], ['--profile', 'work', '--json', '-h'], ['--timeout', '5s', '--debug', '--help'], ['--zone', 'local'], ['--debug', '-q']]) {
      const r = await runDgw(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toBe(root.stdout);
    }
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { version: string };
    for (const args of [['--zone', 'local', '--version'], ['--no-color', '-V']]) {
      const r = await runDgw(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toBe(`${pkg.version}\n`);
    }
  });

  it('`dgw help NOUN` is the noun\'s own help', async () => {
    const viaHelp = await runDgw(['help', 'query']);
    const viaFlag = await runDgw(['query', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toContain('Usage: dgw query');
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
  });

  it('`dgw help NOUN VERB` is the verb\'s own help; an unknown verb is a usage error naming it', async () => {
    const viaHelp = await runDgw(['help', 'query', 'create']);
    const viaFlag = await runDgw(['query', 'create', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toContain('Usage: dgw query create');
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    const unknown = await runDgw(['help', 'query', 'nosuch']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/nosuch/);
  });

  it('`dgw --version` prints the version the build baked in', async () => {
    const { VERSION } = await import('../src/version.js');
    const r = await runDgw(['--version']);
    expect(r.code).toBe(0);
    // Under vitest src/version.ts is not built, so compare with package.json, as the build does.
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { version: string };
    expect(r.stdout).toBe(`${pkg.version}\n`);
    expect(VERSION === pkg.version || VERSION === '0.0.0-dev').toBe(true);
  });
});
