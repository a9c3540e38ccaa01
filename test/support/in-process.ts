import os from 'node:os';
import { Readable } from 'node:stream';
import { main } from '../../src/cli.js';
import type { Clock, ContextDeps } from '../../src/context.js';
import { testEnv } from './dgw.js';

/** What one in-process run of dgw printed, and its exit code. */
export interface InProcessResult {
  code: number;
  stdout: string;
  /** stdout as the bytes written, for output that is not text. */
  stdoutBytes: Buffer;
  stderr: string;
}

export interface InProcessOptions {
  /** The whole environment the command sees (nothing is inherited from the test's process). */
  env?: Record<string, string>;
  cwd?: string;
  /** Standard input, read once: text, or bytes (that need not be UTF-8). */
  input?: string | Uint8Array;
  /** Standard input made when a prompt first reads it: a test acts while the question waits, then answers. */
  answer?: () => Promise<string>;
  /** Answers prompts as a terminal would (default: not interactive). */
  interactive?: boolean;
  /** stdout and stderr are a terminal of this many columns (default: pipes). */
  terminalColumns?: number;
  /** Time as the command sees it (default: the real clock). */
  clock?: Clock;
  /** The command's Ctrl-C: aborting it interrupts the command as SIGINT does. */
  signal?: AbortSignal;
}

/** Runs dgw through `main`, as bin/dgw.js does, with buffers for its streams. */
export async function runInProcess(argv: string[], options: InProcessOptions = {}): Promise<InProcessResult> {
  let stdout = '';
  let stderr = '';
  const written: Buffer[] = [];
  const { input, answer } = options;
  const deps: ContextDeps = {
    io: {
      stdout: {
        write: (s: string | Uint8Array) => {
          written.push(Buffer.from(s));
          stdout += typeof s === 'string' ? s : Buffer.from(s).toString('utf8');
          return true;
        },
        ...(options.terminalColumns === undefined ? {} : { isTTY: true, columns: options.terminalColumns, rows: 50 }),
      },
      stderr: {
        write: (s: string | Uint8Array) => ((stderr += typeof s === 'string' ? s : Buffer.from(s).toString('utf8')), true),
        ...(options.terminalColumns === undefined ? {} : { isTTY: true }),
      },
      // A stream, not only an iterable: a prompt (readline) listens to it.
      stdin: Readable.from(answer ? answerWhenRead(answer) : input === undefined ? [] : [Buffer.from(input)]),
    },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    signal: options.signal ?? new AbortController().signal,
    interactive: options.interactive ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
  };
  const code = await main(argv, deps);
  return { code, stdout, stdoutBytes: Buffer.concat(written), stderr };
}

async function* answerWhenRead(answer: () => Promise<string>): AsyncGenerator<Buffer> {
  yield Buffer.from(await answer());
}

/**
 * Runs dgw in this process with the environment `runDgw` gives a spawned one (testEnv), in pipes
 * unless `terminalColumns` (a terminal) and `interactive` (a person answering prompts) say otherwise.
 * For tests that need no real process: signals, exit and start-up are tested by spawning.
 */
export function runAsBinaryWould(
  argv: string[],
  options: { env?: Record<string, string | undefined>; input?: string | Uint8Array; cwd?: string } & Pick<InProcessOptions, 'interactive' | 'terminalColumns' | 'answer'> = {},
): Promise<InProcessResult> {
  return runInProcess(argv, { env: testEnv(options.env), input: options.input, answer: options.answer, cwd: options.cwd ?? os.tmpdir(), interactive: options.interactive, terminalColumns: options.terminalColumns });
}

/** Context deps whose stdout is kept (stderr dropped), for rendering help through `main`. */
export function capture(): { deps: ContextDeps; stdout: () => string } {
  let out = '';
  const deps: ContextDeps = {
    io: { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } },
    env: {},
    cwd: '.',
    signal: new AbortController().signal,
  };
  return { deps, stdout: () => out };
}
