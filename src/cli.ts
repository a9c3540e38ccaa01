import { CommanderError, type Command } from 'commander';
import type { ContextDeps } from './context.js';
import { afterSending, DgwError, exitCodeFor, LocalFaultError, ReaderGoneError } from './errors.js';
import type { OutStream } from './output/io.js';
import { jsonWithoutControls, visible } from './output/visible.js';
import { newRunRecord, type RunRecord } from './run-record.js';
import { asksForJson, commandPath, jsonTook } from './commands/wiring.js';
import { HELP_TOPICS } from './help-topics.js';
import { subcommandNamed } from './subcommand.js';
import { carryTarget, shellWord, targetFromArgv } from './output/carry-target.js';

/** Runs dgw once and returns the exit code; the only place errors become exit codes. */
export async function main(argv: string[], deps: ContextDeps): Promise<number> {
  const run = deps.run ?? newRunRecord();
  const runDeps = { ...deps, run };
  // Only the noun the command line names is loaded; help and the rest get the whole tree.
  const { buildProgramFor, normaliseArgv } = await import('./root.js');
  const failedIn = new WeakMap<CommanderError, Command>();
  const program = overrideExits(await buildProgramFor(runDeps, argv), failedIn);
  try {
    const args = normaliseArgv(argv, program);
    if (args.includes('--help') || args.includes('-h')) (await import('./contract/help.js')).addJsonFieldsHelp(program);
    await program.parseAsync(args, { from: 'user' });
    for (const warning of run.warnings) deps.io.stderr.write(`${jsonWithoutControls(JSON.stringify({ warning }))}\n`);
    return 0;
  } catch (error) {
    // A command stopped because stdout failed ends as that failure says, not as what stopping it raised.
    return await report(await asLocalFault(await outputFailure(deps.io.stdout) ?? error), argv, deps, run, failedIn);
  }
}

/** stdout's failure as the error to report: a reader that went away (EPIPE) wants nothing more (exit 0); a full disk is a local fault. */
async function outputFailure(stdout: OutStream): Promise<unknown> {
  const failure = stdout.failed?.();
  if (!failure) return undefined;
  if (failure.code === 'EPIPE') return new ReaderGoneError();
  const { fileFault } = await import('./local-faults.js');
  const fault = fileFault(failure, 'standard output');
  const remedy = failure.code === 'EFBIG' ? 'raise the file size limit (ulimit -f)' : 'make room where standard output goes (df -h)';
  const hint = `what was written before it is incomplete: ${remedy}, then run the command again`;
  return new LocalFaultError(fault?.errorCode === 'DISK_FULL' ? 'DISK_FULL' : 'FILE_ACCESS', fault?.message ?? `cannot write standard output (${failure.code ?? failure.message})`, hint, failure);
}

/** An OS error no command typed (a full disk, a forbidden file) is still a local fault, never a bug. */
async function asLocalFault(error: unknown): Promise<unknown> {
  if (error instanceof DgwError || typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') return error;
  const { fileFault } = await import('./local-faults.js');
  return fileFault(error) ?? error;
}

/** Commander copies `exitOverride` only to subcommands created after it, so it is applied to the whole tree here. */
function overrideExits(command: Command, failedIn: WeakMap<CommanderError, Command>): Command {
  command.exitOverride((error) => {
    failedIn.set(error, command);
    throw error;
  });
  for (const sub of command.commands) overrideExits(sub, failedIn);
  return command;
}

interface Report {
  kind: string;
  status: number | null;
  message: string;
  errorCode: string | number | null;
  hint: string | null;
  /** With --debug, an unexpected failure's stack. */
  stack?: string;
}

async function report(thrown: unknown, argv: string[], deps: ContextDeps, run: RunRecord, failedIn: WeakMap<CommanderError, Command>): Promise<number> {
  let r: Report;
  let code: number;
  const failedCommand = thrown instanceof CommanderError ? failedIn.get(thrown) : undefined;
  // query export's --format is its file's format: its command-line mistakes are text (docs/output.md).
  const structured = run.structured ?? structuredFlags(argv, failedCommand !== undefined && commandPath(failedCommand) === 'query export');
  if (thrown instanceof CommanderError) {
    // Help and version print through commander and are successes; every other commander error is usage.
    if (thrown.code === 'commander.helpDisplayed' || thrown.code === 'commander.version' || thrown.code === 'commander.help') return 0;
    [r, code] = [await commanderReport(thrown, failedCommand, argv), 2];
  } else {
    // Exit 2 says nothing was sent: a usage error found after a request was is reported as such.
    const error = afterSending(thrown, run.sent);
    code = exitCodeFor(error);
    // `plan --exit-code` has printed its plan; exit 11 says the rest. A reader that went away wants nothing more.
    if (error instanceof DgwError && (error.kind === 'changes_present' || error.kind === 'reader_gone')) return code;
    // A "no" at a prompt is an answer, not a failure: said as it is.
    if (error instanceof DgwError && error.kind === 'declined' && (!structured || deps.io.stderr.isTTY === true)) {
      deps.io.stderr.write(`${visible(error.message)}\n`);
      return code;
    }
    r = errorReport(error, argv.includes('--debug'));
  }
  const target = targetFromArgv(argv);
  r.message = carryTarget(r.message, target);
  if (r.hint) r.hint = carryTarget(r.hint, target);
  const { stderr } = deps.io;
  // Structured output wants the error as one JSON object alone on stderr; a person at a terminal gets words.
  if (structured && stderr.isTTY !== true) {
    stderr.write(`${jsonWithoutControls(JSON.stringify({ error: { ...r, sent: { reads: run.sent.reads, changes: run.sent.changes }, warnings: run.warnings } }))}\n`);
    return code;
  }
  // A service's message is printed on a terminal: its control characters are shown, never obeyed.
  stderr.write(`error: ${visible(r.message)}\n`);
  if (r.hint) stderr.write(`hint: ${visible(r.hint)}\n`);
  if (r.stack) stderr.write(`${r.stack}\n`);
  return code;
}

async function commanderReport(error: CommanderError, failed: Command | undefined, argv: string[]): Promise<Report> {
  // A global option's value (or its missing value) is judged by the root: its help is the named command's.
  const globalValue = error.code === 'commander.invalidArgument' || error.code === 'commander.optionMissingArgument';
  const command = failed && !failed.parent && globalValue ? namedCommand(failed, argv) : failed;
  const path = command ? commandPath(command) : '';
  // One line: commander puts its suggestion on a line of its own.
  let message = error.message.replace(/^error: /, '').split(/\s*\n\s*/).join(' ');
  if (error.code === 'commander.unknownCommand' && command) message += await caseBlindSuggestion(message, command, argv[0] === 'help');
  if (error.code === 'commander.invalidArgument') message = await choiceSuggestion(message, path);
  if (error.code === 'commander.unknownOption' && command) message = meantByValue(message, command);
  // No option name holds a space: this is an argument that starts with - (a statement's -- comment), which goes after --.
  const dashed = error.code === 'commander.unknownOption' && /^unknown option '-[^'\s]*\s/.test(message);
  const dgw = `dgw ${path ? `${path} ` : ''}`;
  const taken = error.code === 'commander.missingArgument' && argv.includes('--json') ? argv[argv.indexOf('--json') + 1] : undefined;
  const args = command?.registeredArguments.map((a) => `${a.name().toUpperCase()}${a.variadic ? '...' : ''}`).join(' ') || 'ARGUMENT';
  const took = path.split(' ').includes(taken ?? '') ? '' : jsonTook(taken);
  const read = error.code === 'commander.missingArgument' && command ? `${argumentsRead(command, dgw.trim(), args)}: ` : '';
  if (error.code === 'commander.excessArguments' && command) return tooMany(command, dgw);
  const hint = dashed ? `an argument that starts with - (a SQL -- comment) goes after a lone --, with the arguments in order: \`${dgw}-- ${args}\`` : `${took}${read}see \`${dgw}--help\``;
  return { kind: 'usage', status: null, message, errorCode: null, hint };
}

/** A value not among an option's choices: the closest choice named; for an export's --format, the export's own two. */
async function choiceSuggestion(message: string, path: string): Promise<string> {
  const option = /^option '(?<name>--[\w-]+)[^']*' argument '(?<given>.*)' is invalid\. Allowed choices are (?<choices>.*)\.$/.exec(message)?.groups;
  const invalid = option ?? /^command-argument value '(?<given>.*)' is invalid for argument '\w+'\. Allowed choices are (?<choices>.*)\.$/.exec(message)?.groups;
  if (!invalid) return message;
  if (path === 'query export' && option?.name === '--format') return `--format ${invalid.given}: an export is csv or jsonl`;
  const { closestNames } = await import('./output/did-you-mean.js');
  const close = closestNames(invalid.given, invalid.choices.split(', '));
  return close.length === 0 ? message : `${message} (Did you mean ${close.join(' or ')}?)`;
}

/** An unknown option named as another option's value (`--folder` for `--path <folder>`): that option, not commander's spelling guess. */
function meantByValue(message: string, command: Command): string {
  const name = /^unknown option '--([\w-]+)(?:=[^']*)?'/.exec(message)?.[1];
  if (!name) return message;
  const meant = command.options.filter((o) => o.long && new RegExp(`[<[]${name}(?:\\.\\.\\.)?[>\\]]`, 'i').test(o.flags));
  if (meant.length === 0) return message;
  return `${message.replace(/\s*\(Did you mean [^)]*\)$/, '')} (Did you mean ${meant.map((o) => o.flags.replace(/^-\w, /, '')).join(' or ')}?)`;
}

/** The deepest command the words of argv name, from `root`. */
function namedCommand(root: Command, argv: string[]): Command {
  let at = root;
  for (const word of argv) {
    const next = subcommandNamed(at, word);
    if (next) at = next;
    else if (!word.startsWith('-') && at !== root) break;
  }
  return at;
}

/** More arguments than a command takes: most often a name with spaces not in quotes, or a directory given without its option. */
function tooMany(command: Command, dgw: string): Report {
  const expected = command.registeredArguments.map((a) => a.name().toUpperCase());
  const given = command.args.map((a) => JSON.stringify(a));
  const message = `${dgw.trim()} takes ${expected.length === 0 ? 'no arguments' : expected.join(' ')}, and was given ${given.length}: ${given.join(' ')}`;
  const pathOption = command.options.find((o) => /<(path|dir|file)>/.test(o.flags));
  const hint =
    expected.length === 0
      ? pathOption && command.args.length === 1
        ? `a path goes after ${pathOption.long}: \`${dgw}${pathOption.long} ${shellWord(command.args[0])}\``
        : `see \`${dgw}--help\``
      : `a name with spaces goes in quotes, as one argument: ${JSON.stringify(command.args.slice(expected.length - 1).join(' '))}; see \`${dgw}--help\``;
  return { kind: 'usage', status: null, message, errorCode: null, hint };
}

/** What a command takes and what it read as which, when one is missing (`table import fruit.csv` read the file as TABLE). */
function argumentsRead(command: Command, usage: string, names: string): string {
  const read = command.args.slice(0, command.registeredArguments.length).map((value, i) => `"${value}" as ${command.registeredArguments[i].name().toUpperCase()}`);
  return `${usage} takes ${names}${read.length > 0 ? ` and read ${read.join(', ')}` : ''}`;
}

/** Commander's suggestions are case-sensitive and miss `QUERY`; dgw's own case-blind measure is asked when it has none. */
async function caseBlindSuggestion(message: string, command: Command, afterHelp: boolean): Promise<string> {
  const word = /^unknown command '(.*)'$/.exec(message)?.[1];
  if (word === undefined) return '';
  const names = command.createHelp().visibleCommands(command).flatMap((c) => [c.name(), ...c.aliases()]);
  const { closestNames } = await import('./output/did-you-mean.js');
  const close = closestNames(word, afterHelp && !command.parent ? [...names, ...HELP_TOPICS] : names);
  if (close.length === 0) return '';
  const shown = close.map((name) => (afterHelp ? `dgw help ${[commandPath(command), name].filter(Boolean).join(' ')}` : name));
  return ` (Did you mean ${shown.length === 1 ? shown[0] : `one of ${shown.join(', ')}`}?)`;
}

function errorReport(error: unknown, debug: boolean): Report {
  const dgw = error instanceof DgwError ? error : undefined;
  // One line per error: multi-line service messages (DuckDB's, for one) are folded.
  const raw = dgw ? dgw.message : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
  return {
    kind: dgw?.kind ?? 'internal',
    status: dgw?.status ?? null,
    message: raw.trim().split(/\s*\n\s*/).join(' — '),
    errorCode: dgw?.errorCode ?? null,
    hint: dgw ? (dgw.hint ?? null) : debug ? null : 'this is a bug in dgw; run again with --debug for details',
    // Stacks help with bugs only; an error dgw reports on purpose is fully said by its message.
    ...(debug && !dgw && error instanceof Error && error.stack ? { stack: error.stack } : {}),
  };
}

function structuredFlags(argv: string[], fileFormat = false): boolean {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const args = argv.slice(0, end);
  const format = args.flatMap((a, i) => (a === '--format' ? [args[i + 1] ?? ''] : a.startsWith('--format=') ? [a.slice(9)] : []));
  return asksForJson(args) || (!fileFormat && format.some((f) => /^(json|jsonl|yaml)$/i.test(f)));
}

/** Ends the process as the unhandled signal would: process.exit() waits for a DuckDB statement that cannot be interrupted. */
function endNow(signal: NodeJS.Signals): void {
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
}

/** Entry used by bin/dgw.js: wires the real process to `main` and exits with its code. */
export async function runProcess(): Promise<void> {
  const controller = new AbortController();
  let signals = 0;
  // While a program dgw started owns the terminal (an editor), Ctrl-C is that program's key.
  let foreground = 0;
  // A signal aborts the command through ctx.signal so `dgw serve` closes cleanly; a second one ends it at once.
  const stop = (signal: NodeJS.Signals) => {
    signals += 1;
    // A person who pressed Ctrl-C sees at once that it was heard; scripts (and JSON on stderr) get no extra line.
    if (signals === 1 && process.stderr.isTTY && !structuredFlags(process.argv.slice(2))) process.stderr.write('stopping...\n');
    controller.abort();
    if (signals > 1) endNow(signal);
    setTimeout(() => endNow(signal), 5000).unref();
  };
  process.on('SIGINT', () => {
    if (foreground === 0) stop('SIGINT');
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A failed stdout stops the command as Ctrl-C does (process.exit here would wait for a statement writing into a pipe no one reads).
  const stdout = guardedStdout(() => controller.abort());
  // Notes nobody reads any more (`2>&1 | head -1`) change nothing the command does.
  process.stderr.on('error', () => undefined);
  const run = newRunRecord();
  const deps: ContextDeps = {
    run,
    // process.stdin is made on first use: creating it costs start-up time most commands never need.
    io: {
      stdout,
      stderr: process.stderr,
      get stdin() {
        return process.stdin;
      },
    },
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
    async inForeground(work) {
      foreground += 1;
      try {
        return await work();
      } finally {
        foreground -= 1;
      }
    },
  };
  let code = await main(process.argv.slice(2), deps);
  // Let buffered output reach a pipe before exiting; stray handles (sockets, timers) must not keep us alive.
  await new Promise<void>((resolve) => (stdout.failed?.() ? resolve() : process.stdout.write('', () => resolve())));
  // Output that failed after the command ended (its last write, to a full disk) fails it still.
  const late = code === 0 ? await outputFailure(stdout) : undefined;
  if (late instanceof DgwError && late.kind !== 'reader_gone') code = await report(late, process.argv.slice(2), deps, run, new WeakMap());
  process.stderr.write('', () => process.exit(code));
}

/**
 * process.stdout, until a write fails: then later writes are dropped and writers waiting for room let go (a failed stream
 * takes none, so they would wait forever), and `stopped` is called.
 */
function guardedStdout(stopped: () => void): OutStream {
  const out: NodeJS.WriteStream & OutStream = process.stdout;
  let failure: NodeJS.ErrnoException | undefined;
  out.failed = () => failure;
  out.on('error', (error: NodeJS.ErrnoException) => {
    if (failure) return;
    failure = error;
    out.write = () => true;
    out.emit('drain');
    stopped();
  });
  return out;
}
