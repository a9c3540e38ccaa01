import { Command, Help, Option } from 'commander';
import type { ContextDeps } from './context.js';
import { anyCase, asksForJson, createWiring, type Wiring } from './commands/wiring.js';
import { EXIT_CODE_TABLE } from './errors.js';
import { terminalSize, type OutStream } from './output/io.js';
import { OUTPUT_FORMATS, ROW_SHAPES } from './output/mode.js';
import { VERSION } from './version.js';
import { HELP_TOPIC_COMMAND, HELP_TOPICS } from './help-topics.js';
import { subcommandNamed } from './subcommand.js';
import { completes } from './completion/kinds.js';

/** The root command with its global options, without any noun (see `buildProgram` for the whole tree). */
export function createRoot(deps: ContextDeps): Command {
  // Help fits the window of the stream it goes to (80 columns off a terminal), as the tables do.
  const width = (stream: OutStream) => terminalSize(stream, deps.env)?.columns ?? 80;
  return new Command('dgw')
    .description('The Data Gateway Service from your terminal: saved queries, folders, catalogs, refreshes, tables and connections.')
    .version(VERSION, '-V, --version')
    .addOption(completes(new Option('--profile <name>', 'profile in the user store (env DGW_PROFILE)'), 'profile'))
    .addOption(anyCase(new Option('--zone <zone>', 'zone to talk to (env DGW_ZONE)'), ['default', 'eu', 'local']))
    .option('--base-url <url>', 'override the zone base URL (env DGW_BASE_URL)')
    .option('--project <id>', 'project id (env DGW_PROJECT)')
    .option('--json [fields]', 'print JSON on stdout; optionally only these comma-separated fields (each command\'s --help lists them; dgw schema COMMAND)')
    .option('--jq <expression>', 'filter the JSON output with a jq expression (implies --json); strings print raw, as jq -r')
    .addOption(
      anyCase(new Option('--format <format>', 'output: table, json, jsonl, yaml, csv or tsv (default: DGW_OUTPUT, project file, profile, else table on a terminal, TSV in a pipe)'), [
        ...OUTPUT_FORMATS,
        ...ROW_SHAPES,
      ]),
    )
    .option('-q, --quiet', 'print ids only')
    .option('--header', 'tab-separated output (not a terminal) starts with a line of column names')
    .option('--no-color', 'disable colour (also NO_COLOR, TERM=dumb)')
    .option('--no-pager', 'no pager, even for output taller than the terminal (also DGW_PAGER=)')
    .option('--debug', 'trace requests and responses on stderr (keys redacted)')
    .option('--timeout <duration>', 'request timeout, e.g. 30s, 2m, PT1M (default 30s)')
    .showSuggestionAfterError()
    .configureHelp(GROUP_HELP)
    .configureOutput({
      writeOut: (s) => deps.io.stdout.write(fitProse(s, width(deps.io.stdout))),
      writeErr: (s) => deps.io.stderr.write(s),
      getOutHelpWidth: () => width(deps.io.stdout),
      getErrHelpWidth: () => width(deps.io.stderr),
      // cli.ts reports commander's errors itself: as text with a pointer to --help, or as JSON.
      outputError: () => undefined,
    })
    .addHelpText('after', `\nRun \`dgw help exit-codes\` for exit codes, \`dgw <command> --help\` for examples.\n`);
}

function isGroup(cmd: Command): boolean {
  return cmd.parent !== null && cmd.commands.length > 0;
}

/**
 * A group's help folds the global options into one line after its commands, as gh does, so they do not hide the commands.
 * The root lists its commands by name alone, so its descriptions keep room to wrap in an 80- or 60-column window.
 */
const GROUP_HELP: Partial<Help> = {
  showGlobalOptions: true,
  minWidthToWrap: 30,
  subcommandTerm(this: Help, cmd: Command) {
    return cmd.parent?.parent === null ? cmd.name() : Help.prototype.subcommandTerm.call(this, cmd);
  },
  visibleGlobalOptions(this: Help, cmd: Command) {
    return isGroup(cmd) ? [] : Help.prototype.visibleGlobalOptions.call(this, cmd);
  },
  visibleOptions(this: Help, cmd: Command) {
    return isGroup(cmd) ? [] : Help.prototype.visibleOptions.call(this, cmd);
  },
  optionDescription(this: Help, option: Option) {
    const text = Help.prototype.optionDescription.call(this, option);
    return option.mandatory ? `${text} (required)` : text;
  },
  formatHelp(this: Help, cmd: Command, helper: Help) {
    const text = Help.prototype.formatHelp.call(this, cmd, helper);
    return isGroup(cmd) ? `${text.trimEnd()}\n\nOptions: -h, --help, and the global options (--profile, --zone, --json, ...): \`dgw help options\`\n` : text;
  },
};

/** Rewraps a help's own paragraphs (a sentence's last line ends one) and its JSON field lists to the window; examples stay as written. */
export function fitProse(text: string, width: number): string {
  // Commander leaves text under 40 columns unwrapped; a paragraph here is wrapped in any window.
  const help = Object.assign(new Help(), { minWidthToWrap: 0 });
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    out.push(...(paragraph.some((line) => line.length > width) ? [help.boxWrap(paragraph.join(' '), width)] : paragraph));
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    if (!/^\S/.test(line)) {
      flush();
      out.push(line.length > width && FIELD_LIST.test(line) ? wrapList(line, width) : line);
      continue;
    }
    paragraph.push(line);
    if (/[.!?]\)?$/.test(line)) flush();
  }
  flush();
  return out.join('\n');
}

const FIELD_LIST = /^ {2}\w+: \S/;

/** A `--json` field list (`  record: id, name, ...`) cut between fields, its later lines under its first field. */
function wrapList(line: string, width: number): string {
  const indent = ' '.repeat(line.indexOf(': ') + 2);
  const [first, ...rest] = line.trimStart().split(' ');
  const lines = [`  ${first}`];
  for (const word of rest) {
    const joined = `${lines[lines.length - 1]} ${word}`;
    if (joined.length > width) lines.push(`${indent}${word}`);
    else lines[lines.length - 1] = joined;
  }
  return lines.join('\n');
}

/** The hidden command for `dgw help exit-codes` and `dgw help options`; registered after the nouns. */
export function addHelpTopicCommand(program: Command, deps: ContextDeps): void {
  program
    .command(HELP_TOPIC_COMMAND, { hidden: true })
    .argument('<topic>')
    .action((topic: string) => {
      if (topic === 'options') {
        deps.io.stdout.write(globalOptionsHelp(program));
        return;
      }
      deps.io.stdout.write(`${EXIT_CODE_TABLE.map(([code, meaning]) => `${String(code).padStart(3)}  ${meaning}`).join('\n')}\n`);
    });
}

function globalOptionsHelp(program: Command): string {
  const help = program.createHelp();
  help.prepareContext({ helpWidth: program.configureOutput().getOutHelpWidth?.() });
  const width = help.longestOptionTermLength(program, help);
  const items = help.visibleOptions(program).filter((o) => o.long !== '--version').map((o) => help.formatItem(help.optionTerm(o), width, help.optionDescription(o), help));
  return `Global options: every command takes them, before or after its name.\n\n${items.join('\n')}\n`;
}

type Register = (program: Command, wiring: Wiring) => void;

/** Each top-level command and how to load its noun, so a command line loads only the noun it names (test/startup-lazy.test.ts); the whole tree registers them in this order, the help's. */
export const NOUNS: ReadonlyMap<string, () => Promise<Register>> = new Map<string, () => Promise<Register>>([
  ['auth', async () => (await import('./commands/auth/index.js')).registerAuth],
  ['profile', async () => (await import('./commands/profile/index.js')).registerProfile],
  ['config', async () => (await import('./commands/config/index.js')).registerConfig],
  ['query', async () => (await import('./commands/query/index.js')).registerQuery],
  ['mtquery', async () => (await import('./commands/mtquery/index.js')).registerMtquery],
  ['folder', async () => (await import('./commands/folder/index.js')).registerFolder],
  ['connection', async () => (await import('./commands/connection/index.js')).registerConnection],
  ['catalog', async () => (await import('./commands/catalog/index.js')).registerCatalog],
  ['table', async () => (await import('./commands/table/index.js')).registerTable],
  ['cache', async () => (await import('./commands/cache/index.js')).registerCache],
  ['bitable', async () => (await import('./commands/bitable/index.js')).registerBitable],
  ['parametric-table', async () => (await import('./commands/parametric-table/index.js')).registerParametricTable],
  ['export', async () => (await import('./commands/export/index.js')).registerExport],
  ['driver', async () => (await import('./commands/driver/index.js')).registerDriver],
  ['metadata', async () => (await import('./commands/metadata/index.js')).registerMetadata],
  ['transpile', async () => (await import('./commands/transpile/index.js')).registerTranspile],
  ['embed', async () => (await import('./commands/embed/index.js')).registerEmbed],
  ['ask', async () => (await import('./commands/ask/index.js')).registerAsk],
  ['thread', async () => (await import('./commands/thread/index.js')).registerThread],
  ['agent', async () => (await import('./commands/agent/index.js')).registerAgent],
  ['semantic-catalog', async () => (await import('./commands/semantic-catalog/index.js')).registerSemanticCatalog],
  ['golden-sql', async () => (await import('./commands/golden-sql/index.js')).registerGoldenSql],
  ['relation', async () => (await import('./commands/relation/index.js')).registerRelation],
  ['project', async () => (await import('./commands/project/index.js')).registerProject],
  ['workspace', async () => (await import('./commands/workspace/index.js')).registerWorkspace],
  ['key', async () => (await import('./commands/key/index.js')).registerKey],
  ['api', async () => (await import('./commands/api/index.js')).registerApi],
  ['completion', async () => (await import('./commands/completion/index.js')).registerCompletion],
  ['__complete', async () => (await import('./commands/completion/index.js')).registerCompletion],
  ['serve', async () => (await import('./commands/local/index.js')).registerLocal],
  ['sql', async () => (await import('./commands/local/index.js')).registerLocal],
  ['version', async () => (await import('./commands/version/index.js')).registerVersion],
  ['pull', async () => (await import('./commands/code/index.js')).registerCode],
  ['plan', async () => (await import('./commands/code/index.js')).registerCode],
  ['apply', async () => (await import('./commands/code/index.js')).registerCode],
  ['schema', async () => (await import('./commands/schema/index.js')).registerSchema],
]);

/** The root's global options as a command line reader sees them: those taking a value, and flags (`--json`, whose value is optional, and `--version` are neither). */
function rootOptionWords(root: Command): { values: string[]; flags: string[] } {
  const values: string[] = [];
  const flags: string[] = [];
  for (const option of root.options) {
    if (option.long === '--json' || option.long === '--version') continue;
    const names = [option.short, option.long].filter((n) => n !== undefined);
    (option.required ? values : flags).push(...names);
  }
  return { values, flags };
}

/** Where the first word that is neither a root option nor an option's value stands in argv (argv.length when none does). */
function pastRootOptions(argv: string[], root: Command): number {
  const { values, flags } = rootOptionWords(root);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (values.includes(arg)) {
      i += 1;
    } else if (arg === '--json') {
      if (isJsonFields(argv[i + 1], (word) => NOUNS.has(word))) i += 1;
    } else if (!(flags.includes(arg) || arg.startsWith('--json=') || values.some((o) => arg.startsWith(`${o}=`)))) {
      return i;
    }
  }
  return argv.length;
}

/** `--json` takes an optional list of fields: the word after it, unless that is an option or names a command. */
function isJsonFields(next: string | undefined, namesCommand: (word: string) => boolean): boolean {
  return next !== undefined && !next.startsWith('-') && !namesCommand(next);
}

const VERSION_FLAGS = ['-V', '--version'];

/** `dgw -V --json` is `dgw version --json`: commander's version flag prints the bare number, which a JSON reader cannot take. */
function versionAsCommand(argv: string[], root: Command): string[] {
  const others = argv.filter((a) => !VERSION_FLAGS.includes(a));
  if (others.length === argv.length || others.includes('--') || !asksForJson(others) || pastRootOptions(others, root) < others.length) return argv;
  return ['version', ...others];
}

/** The top-level command a command line names, or undefined when anything unusual comes first (then commander decides). */
export function commandWord(argv: string[], root: Command): string | undefined {
  return firstWord(argv.slice(pastRootOptions(argv, root)));
}

function firstWord(rest: string[]): string | undefined {
  return rest[0] === undefined || rest[0].startsWith('-') ? undefined : rest[0];
}

function helpTopic(argv: string[]): string | undefined {
  return argv.length === 2 && argv[0] === 'help' && HELP_TOPICS.includes(argv[1]) ? argv[1] : undefined;
}

/** What the root help shows of one top-level command; dist/commands.json holds them (scripts/build.mjs). */
export interface CommandSummary {
  name: string;
  aliases: string[];
  description: string;
}

/** The visible top-level commands of a (whole) tree, as its root help shows them, in order. */
export function summarise(program: Command): CommandSummary[] {
  const help = program.createHelp();
  const visible = new Set(help.visibleCommands(program));
  return program.commands
    .filter((c) => visible.has(c))
    .map((c) => ({ name: c.name(), aliases: c.aliases(), description: help.subcommandDescription(c) }));
}

/** The root with stand-ins for each top-level command, rendering the root help without loading any command's code. */
export function rootForHelp(deps: ContextDeps, summaries: CommandSummary[], program = createRoot(deps)): Command {
  for (const s of summaries) program.command(s.name).aliases(s.aliases).description(s.description);
  addHelpTopicCommand(program, deps);
  return program;
}

function builtSummaries(): CommandSummary[] | undefined {
  try {
    const fs = process.getBuiltinModule('node:fs') as typeof import('node:fs');
    return JSON.parse(fs.readFileSync(new URL('../commands.json', import.meta.url), 'utf8')) as CommandSummary[];
  } catch {
    return undefined;
  }
}

/** What the root answers alone, after any root options (`dgw --profile work --help`); root options alone get the root help too. */
const ROOT_FLAGS = new Set(['--help', '-h', '--version', '-V']);

/** The command tree for one command line: the noun it names, stand-ins for root help or the version, else the whole tree. */
export async function buildProgramFor(deps: ContextDeps, given: string[]): Promise<Command> {
  const program = createRoot(deps);
  const argv = versionAsCommand(given, program);
  const rest = argv.slice(pastRootOptions(argv, program));
  const rootAlone = rest.length === 0 || (rest.length === 1 && ROOT_FLAGS.has(rest[0])) || (argv.length === 1 && argv[0] === 'help');
  if (rootAlone) {
    const summaries = builtSummaries();
    if (summaries) return rootForHelp(deps, summaries, program);
  }
  // The topics speak of the root alone: its exit codes and options.
  if (helpTopic(argv)) {
    addHelpTopicCommand(program, deps);
    return program;
  }
  const word = argv[0] === 'help' && NOUNS.has(argv[1]) ? argv[1] : firstWord(rest);
  const load = word === undefined ? undefined : NOUNS.get(word);
  if (!load) return (await import('./program.js')).buildProgram(deps);
  (await load())(program, createWiring(deps));
  addHelpTopicCommand(program, deps);
  return program;
}

/** Rewrites argv for commander: help topics become the hidden command, a bare group asks for help, a bare `--json` moves to the end. */
export function normaliseArgv(written: string[], program: Command): string[] {
  const given = versionAsCommand(written, program);
  const { flags } = rootOptionWords(program);
  // Commander would take a help flag for the value of the option before it (`apply --plan --help`).
  const end = given.includes('--') ? given.indexOf('--') : given.length;
  const argv = given.filter((a, i) => !(i < end - 1 && HELP_FLAGS.includes(given[i + 1]) && /^--?[^-=][^=]*$/.test(a) && !flags.includes(a) && a !== '--json'));
  const topic = helpTopic(argv);
  if (topic) return [HELP_TOPIC_COMMAND, topic];
  const help = helpRequest(argv, program);
  if (help) return help;
  // As gh does: a group without a verb prints its help on stdout and exits 0.
  if (namesGroup(argv, program)) return [...argv, '--help'];
  const names = new Set(program.commands.flatMap((c) => [c.name(), ...c.aliases()]));
  const out = [...argv];
  for (let i = 0; i < out.length - 1; i++) {
    if (out[i] === '--') break;
    if (out[i] === '--json' && names.has(out[i + 1])) {
      out.splice(i, 1);
      out.push('--json');
      break;
    }
  }
  return out;
}

const HELP_FLAGS = ['--help', '-h'];

/** Rewrites help requests commander would answer wrongly: an unknown word gets its usage error, `help a b` becomes `a b --help`. */
function helpRequest(argv: string[], program: Command): string[] | undefined {
  const { values, flags } = rootOptionWords(program);
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  if (argv[0] === 'help' && argv.length > 1) {
    const words = argv.slice(1);
    if (words.some((w) => w.startsWith('-'))) return undefined;
    return unknownWordAt(program, words) === undefined ? [...words, '--help'] : words;
  }
  if (!argv.slice(0, end).some((a) => HELP_FLAGS.includes(a))) return undefined;
  const words: string[] = [];
  for (let i = 0; i < end; i++) {
    const arg = argv[i];
    if (HELP_FLAGS.includes(arg)) continue;
    if (values.includes(arg)) i += 1;
    else if (arg.startsWith('-') && !(flags.includes(arg) || arg.includes('='))) break;
    else if (!arg.startsWith('-')) words.push(arg);
  }
  if (unknownWordAt(program, words) === undefined) return undefined;
  return argv.filter((a, i) => i >= end || !HELP_FLAGS.includes(a));
}

function namesGroup(argv: string[], program: Command): boolean {
  const { values, flags } = rootOptionWords(program);
  let command = program;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (values.includes(arg)) {
      // An option missing its value is commander's to report, not a request for help.
      if (i + 1 === argv.length) return false;
      i += 1;
    } else if (arg === '--json') {
      if (isJsonFields(argv[i + 1], (word) => subcommandNamed(command, word) !== undefined)) i += 1;
    } else if (flags.includes(arg) || (arg.startsWith('--') && arg.includes('='))) continue;
    else if (arg.startsWith('-')) return false;
    else {
      const next = subcommandNamed(command, arg);
      if (!next) return false;
      command = next;
    }
  }
  return hasSubcommands(command);
}

/** Whether `command` has subcommands of its own, the hidden help-topic command aside. */
function hasSubcommands(command: Command): boolean {
  return command.commands.some((c) => c.name() !== HELP_TOPIC_COMMAND);
}

function unknownWordAt(program: Command, words: string[]): number | undefined {
  let command = program;
  for (const [i, word] of words.entries()) {
    // A command without subcommands takes the remaining words as its arguments.
    if (!hasSubcommands(command) || word === 'help') return undefined;
    const next = subcommandNamed(command, word);
    if (!next || next.name() === HELP_TOPIC_COMMAND) return i;
    command = next;
  }
  return undefined;
}
