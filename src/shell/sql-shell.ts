import readline from 'node:readline';
import { HISTORY_SIZE, type HistoryFile } from './history.js';
import { StatementBuffer } from './statements.js';

/** What the SQL shell needs: a terminal, a history, and how to run one statement. */
export interface ShellOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  history: HistoryFile;
  /** Runs one statement and prints its result; `signal` aborts when Ctrl-C cancels it. */
  run(statement: string, signal: AbortSignal): Promise<void>;
  /** Reports one statement's failure, and the shell goes on; rethrowing ends it. */
  report(error: unknown, cancelled: boolean): void;
  /** The command's own signal (SIGTERM): the shell ends. */
  signal: AbortSignal;
  /** Called when the shell waits for a line: the in-process gateway lets go of the data folder meanwhile. */
  idle?(): Promise<void>;
}

const PROMPT = 'dgw> ';
const CONTINUE = '  -> ';
/** The shell's own commands, with psql's spellings of them for fingers used to those; `exit` and `quit` alone only at the prompt, as psql takes them. */
const SHELL_COMMANDS = new Map(Object.entries({ '.exit': '.exit', '.quit': '.exit', '\\q': '.exit', '\\quit': '.exit', '.help': '.help', '\\?': '.help', '\\h': '.help', '\\help': '.help' }));
const AT_THE_PROMPT = new Map([['exit', '.exit'], ['quit', '.exit']]);
const HELP = [
  'End a statement with ; (it may span lines). Results print as tables.',
  'Ctrl-C cancels the running statement, or clears a half-typed one. .exit, .quit, \\q or Ctrl-D leaves.',
  'History (arrow keys) is kept across runs.',
].join('\n');

/** The interactive shell of `dgw sql`; Ctrl-C cancels the running statement only, or clears the prompt. */
export async function runShell(options: ShellOptions): Promise<void> {
  const { input, output, history } = options;
  const rl = readline.createInterface({
    input,
    output,
    terminal: true,
    history: history.load(),
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
    prompt: PROMPT,
  }) as readline.Interface & { clearLine?: () => void };
  rl.on('history', (lines: string[]) => history.save(lines));
  const buffer = new StatementBuffer();
  let running: AbortController | undefined;
  // Ctrl-D while a statement runs closes readline; the loop then ends, with no prompt to draw.
  let closed = false;
  rl.on('close', () => {
    closed = true;
  });
  const prompt = () => {
    if (closed) return;
    rl.setPrompt(buffer.empty ? PROMPT : CONTINUE);
    rl.prompt();
  };
  const waitForLine = async () => {
    await options.idle?.();
    prompt();
  };
  rl.on('SIGINT', () => {
    if (running) {
      running.abort();
      return;
    }
    buffer.clear();
    if (rl.clearLine) rl.clearLine();
    else output.write('\n');
    prompt();
  });
  // Back from Ctrl-Z (fg), readline leaves its input paused: prompting again resumes it.
  rl.on('SIGCONT', () => prompt());
  const stop = () => rl.close();
  options.signal.addEventListener('abort', stop, { once: true });
  output.write(`dgw SQL shell: end statements with ; — .help for help, .exit or Ctrl-D to leave\n`);
  // The iterator is made before the first wait: it keeps lines typed ahead while the gateway lets go.
  const lines = rl[Symbol.asyncIterator]();
  try {
    await waitForLine();
    for await (const line of { [Symbol.asyncIterator]: () => lines }) {
      const typed = line.trim();
      // The shell's own commands work mid-statement too (as psql's do), unless the line belongs to an open string or comment.
      const own = SHELL_COMMANDS.get(typed) ?? (buffer.empty ? AT_THE_PROMPT.get(typed.toLowerCase()) : undefined);
      const command = own && !buffer.insideQuotes ? own : buffer.empty ? typed : '';
      if (command === '.exit') {
        if (!buffer.empty) output.write('(the unfinished statement was not run)\n');
        break;
      }
      if (command === '.help') {
        output.write(`${HELP}\n`);
      } else if (command.startsWith('.') || command.startsWith('\\')) {
        output.write(`unknown command ${command}; .help lists them\n`);
      } else {
        for (const statement of buffer.add(line)) {
          running = new AbortController();
          try {
            await options.run(statement, running.signal);
          } catch (error) {
            if (options.signal.aborted) throw error;
            options.report(error, running.signal.aborted);
          } finally {
            running = undefined;
          }
        }
      }
      await waitForLine();
    }
    // Left by Ctrl-D: the user's own prompt starts on a line of its own, and an unfinished statement is not dropped unsaid.
    if (closed) output.write(buffer.empty ? '\n' : '\n(the unfinished statement was not run)\n');
  } finally {
    options.signal.removeEventListener('abort', stop);
    rl.close();
  }
}
