import { CommanderError, type Command } from 'commander';
import type { ContextDeps } from './context.js';
import { DgwError, exitCodeFor } from './errors.js';

/** Runs dgw once and returns the exit code; the only place errors become exit codes. */
export async function main(argv: string[], deps: ContextDeps): Promise<number> {
  const { buildProgram, normaliseArgv } = await import('./program.js');
  const program = overrideExits(buildProgram(deps));
  try {
    await program.parseAsync(normaliseArgv(argv, program), { from: 'user' });
    return 0;
  } catch (error) {
    return report(error, argv, deps);
  }
}

/**
 * Commander copies `exitOverride` to subcommands only when they are created, so it is applied to
 * the whole tree here: a subcommand's usage error must become exit 2, and its `--help` must not
 * call process.exit.
 */
function overrideExits(command: Command): Command {
  command.exitOverride();
  for (const sub of command.commands) overrideExits(sub);
  return command;
}

function report(error: unknown, argv: string[], deps: ContextDeps): number {
  const { stderr } = deps.io;
  if (error instanceof CommanderError) {
    // Help and version print through commander and are successes; every other commander error is usage.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
    if (error.code === 'commander.executeSubCommandAsync') return error.exitCode;
    return 2;
  }
  const wantsJson = argv.some((a) => a === '--json' || a.startsWith('--json='));
  const debug = argv.includes('--debug');
  const code = exitCodeFor(error);
  const dgw = error instanceof DgwError ? error : undefined;
  const message = dgw ? dgw.message : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
  stderr.write(`error: ${message}\n`);
  if (dgw?.hint) stderr.write(`hint: ${dgw.hint}\n`);
  if (!dgw && !debug) stderr.write('hint: this is a bug in dgw; run again with --debug for details\n');
  // Stacks help with bugs only; an error dgw reports on purpose is fully said by its message.
  if (debug && !dgw && error instanceof Error && error.stack) {
    stderr.write(`${error.stack}\n`);
  }
  if (wantsJson) {
    const body = { error: { kind: dgw?.kind ?? 'internal', status: dgw?.status ?? null, message, errorCode: dgw?.errorCode ?? null } };
    stderr.write(`${JSON.stringify(body)}\n`);
  }
  return code;
}

/** Entry used by bin/dgw.js: wires the real process to `main` and exits with its code. */
export async function runProcess(): Promise<void> {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts += 1;
    controller.abort();
    // A second Ctrl-C, or a command that does not stop, ends the process at once.
    if (interrupts > 1) process.exit(130);
    setTimeout(() => process.exit(130), 2000).unref();
  });
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  const code = await main(process.argv.slice(2), {
    io: { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
  });
  // Let buffered output reach a pipe before exiting; stray handles (sockets, timers) must not keep us alive.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
