import { CommanderError, type Command } from 'commander';
import type { ContextDeps } from './context.js';
import { DgwError, exitCodeFor } from './errors.js';
import { visible } from './output/visible.js';

/** Runs dgw once and returns the exit code; the only place errors become exit codes. */
export async function main(argv: string[], deps: ContextDeps): Promise<number> {
  // Only the noun the command line names is loaded (see root.ts); help and the rest get the whole tree.
  const { buildProgramFor, normaliseArgv } = await import('./root.js');
  const program = overrideExits(await buildProgramFor(deps, argv));
  try {
    await program.parseAsync(normaliseArgv(argv, program), { from: 'user' });
    return 0;
  } catch (error) {
    return report(await asLocalFault(error), argv, deps);
  }
}

/**
 * An operating-system error that no command turned into a typed one (a full disk, a file it may
 * not touch) is still a fault on this machine, never a bug in dgw: it is reported as one.
 */
async function asLocalFault(error: unknown): Promise<unknown> {
  if (error instanceof DgwError || typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') return error;
  const { fileFault } = await import('./local-faults.js');
  return fileFault(error) ?? error;
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
  // --jq is machine output too: it selects the same error form as --json.
  const wantsJson = argv.some((a) => a === '--json' || a.startsWith('--json=') || a === '--jq' || a.startsWith('--jq='));
  const debug = argv.includes('--debug');
  const code = exitCodeFor(error);
  const dgw = error instanceof DgwError ? error : undefined;
  // `plan --exit-code` has printed its plan; exit 11 says the rest.
  if (dgw?.kind === 'changes_present') return code;
  // One line per error: multi-line service messages (DuckDB's, for one) are folded.
  const raw = dgw ? dgw.message : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
  const message = raw.trim().split(/\s*\n\s*/).join(' — ');
  // A service's message is printed on a terminal: its control characters are shown, never obeyed.
  stderr.write(`error: ${visible(message)}\n`);
  if (dgw?.hint) stderr.write(`hint: ${visible(dgw.hint)}\n`);
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
  let signals = 0;
  // While a program dgw started owns the terminal (an editor), Ctrl-C is that program's key.
  let foreground = 0;
  // Ctrl-C and SIGTERM abort the command through ctx.signal, so requests stop and `dgw serve`
  // closes its gateway cleanly. A second signal, or a command that does not stop, ends it at once.
  const stop = (code: number) => {
    signals += 1;
    // A person who pressed Ctrl-C sees at once that it was heard; scripts get no extra line.
    if (signals === 1 && process.stderr.isTTY) process.stderr.write('stopping...\n');
    controller.abort();
    if (signals > 1) process.exit(code);
    setTimeout(() => process.exit(code), 5000).unref();
  };
  process.on('SIGINT', () => {
    if (foreground === 0) stop(130);
  });
  process.on('SIGTERM', () => stop(143));
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  const code = await main(process.argv.slice(2), {
    // process.stdin is made on first use: creating it costs start-up time most commands never need.
    io: {
      stdout: process.stdout,
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
  });
  // Let buffered output reach a pipe before exiting; stray handles (sockets, timers) must not keep us alive.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
