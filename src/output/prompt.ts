import readline from 'node:readline';
import { Writable } from 'node:stream';
import { DeclinedError, InterruptedError } from '../errors.js';
import type { Io } from './io.js';

/** Asks one question on stderr and reads one line from stdin; `hidden` does not echo the answer. */
export function promptLine(io: Io, question: string, options: { hidden?: boolean; signal?: AbortSignal }): Promise<string> {
  return new Promise((resolve, reject) => {
    let muted = false;
    // readline echoes typed characters through its output; muting it hides a key as it is typed.
    const echo = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (!muted) io.stderr.write(chunk.toString());
        callback();
      },
    });
    const rl = readline.createInterface({ input: io.stdin as unknown as NodeJS.ReadableStream, output: echo, terminal: io.stdin.isTTY === true });
    let answered = false;
    const fail = () => {
      answered = true;
      // The error that follows starts a line of its own, not the question's.
      io.stderr.write('\n');
      rl.close();
      reject(new InterruptedError());
    };
    rl.on('SIGINT', fail);
    // Back from Ctrl-Z (fg), readline leaves its input paused: the command would end unanswered.
    rl.on('SIGCONT', () => rl.resume());
    // Input that ends before an answer (Ctrl-D, a closed pipe) must not leave the command waiting, nor let it end as a success.
    rl.on('close', () => {
      if (!answered) reject(new DeclinedError('no answer: the input ended before one was given; nothing was changed'));
    });
    options.signal?.addEventListener('abort', fail, { once: true });
    rl.question(question, (answer) => {
      answered = true;
      if (options.hidden) io.stderr.write('\n');
      rl.close();
      resolve(answer);
    });
    muted = options.hidden === true;
  });
}
