import type { ChildProcess } from 'node:child_process';
import { ReaderGoneError } from '../errors.js';
import type { OutStream, TerminalSize } from './io.js';
import { textWidth } from './text-width.js';

// Output taller than the screen goes through a pager; stderr notes wait until it is gone so nothing draws over it.

const DEFAULT_PAGER = 'less -FRX';

/** What a pager needs from the context. */
export interface PagerOptions {
  /** The pager's program and arguments (see `pagerCommand`). */
  command: string[];
  env: Record<string, string | undefined>;
  size: TerminalSize;
  /** The terminal's own streams. */
  stdout: OutStream;
  stderr: OutStream;
  /** Runs `work` while the pager owns the terminal: Ctrl-C is the pager's, not dgw's. */
  inForeground<T>(work: () => Promise<T>): Promise<T>;
}

/** DGW_PAGER, else PAGER, else `less -FRX`; undefined when off (empty, or `cat`). */
export function pagerCommand(env: Record<string, string | undefined>): string[] | undefined {
  const text = env.DGW_PAGER ?? env.PAGER ?? DEFAULT_PAGER;
  const words = shellWords(text);
  if (words.length === 0 || words[0] === 'cat') return undefined;
  return words;
}

/** Splits a command line into words the way a shell does for quotes and backslashes (nothing else is expanded). */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

type State = 'holding' | 'starting' | 'paging' | 'plain' | 'quit';

/** stdout (and stderr) of a command whose output may go through a pager; `end` once the command is done. */
export class Pager {
  readonly stdout: OutStream;
  readonly stderr: OutStream;

  private state: State = 'holding';
  /** Output not yet placed, in order: stdout's text and stderr's. */
  private held: Array<{ err: boolean; text: string }> = [];
  /** Screen rows the held stdout takes, and the width of its unfinished last line. */
  private rows = 0;
  private lineWidth = 0;
  /** A line wider than the screen was written (a query result's table): paged unwrapped. */
  private wide = false;
  /** Set by a query result, whose wide rows are paged; other wide lines (a tree, a record) wrap on the terminal. */
  private widePaged = false;
  /** stdout written while the pager starts; stderr waiting for the pager to be gone. */
  private starting: string[] = [];
  private errWaiting: string[] = [];
  private child?: ChildProcess;
  /** Settles once the pager has started, or could not; `shown`, once it is gone. */
  private started?: Promise<void>;
  private shown?: Promise<void>;
  private drainWaiters = new Set<() => void>();

  constructor(private readonly options: PagerOptions) {
    const size = options.size;
    this.stdout = {
      isTTY: true,
      columns: size.columns,
      rows: size.rows,
      write: (text: string) => this.writeOut(text),
      once: (event: 'drain', listener: () => void) => this.onceDrained(listener),
      pagesWide: () => {
        this.widePaged = true;
      },
    } as OutStream;
    this.stderr = { isTTY: options.stderr.isTTY, columns: options.stderr.columns, write: (text: string) => this.writeErr(text) };
  }

  /** From now on, no pager: what is held is printed as it is (before a prompt, an editor, a shell). */
  settle(): void {
    if (this.state !== 'holding') return;
    this.state = 'plain';
    for (const { err, text } of this.held.splice(0)) (err ? this.options.stderr : this.options.stdout).write(text);
  }

  /** The command is done: held output is printed; a pager that shows is left to the person, and waited for. */
  async end(): Promise<void> {
    if (this.state === 'holding') this.settle();
    if (this.state === 'starting' || this.state === 'paging' || this.state === 'quit') {
      await this.started;
      this.child?.stdin?.end();
      await this.shown;
    }
    for (const text of this.errWaiting.splice(0)) this.options.stderr.write(text);
  }

  private writeOut(text: string): boolean {
    switch (this.state) {
      case 'plain':
        return this.options.stdout.write(text) !== false;
      case 'quit':
        // The person left the pager: nobody reads what would follow.
        throw new ReaderGoneError();
      case 'starting':
        this.starting.push(text);
        return true;
      case 'paging':
        return this.child!.stdin!.write(text);
      case 'holding':
        this.held.push({ err: false, text });
        this.count(text);
        if (this.rows > this.options.size.rows - 1 || this.wide) this.start();
        return true;
    }
  }

  private writeErr(text: string): boolean {
    if (this.state === 'holding' && this.held.some((h) => !h.err)) this.held.push({ err: true, text });
    else if (this.state === 'starting' || this.state === 'paging') this.errWaiting.push(text);
    else this.options.stderr.write(text);
    return true;
  }

  /** Adds the screen rows `text` takes (a line wider than the screen takes several). */
  private count(text: string): void {
    const columns = Math.max(1, this.options.size.columns);
    const parts = text.split('\n');
    for (const [i, part] of parts.entries()) {
      const before = Math.max(1, Math.ceil(this.lineWidth / columns));
      this.lineWidth += textWidth(part);
      if (this.lineWidth > columns && this.widePaged) this.wide = true;
      const after = Math.max(1, Math.ceil(this.lineWidth / columns));
      this.rows += after - before;
      if (i < parts.length - 1) {
        this.rows += 1;
        this.lineWidth = 0;
      }
    }
  }

  /** Starts the pager with what is held; a pager that cannot start leaves the output plain. */
  private start(): void {
    this.state = 'starting';
    for (const { err, text } of this.held.splice(0)) (err ? this.errWaiting : this.starting).push(text);
    this.started = (async () => {
      const { spawn } = await import('node:child_process');
      // Wide lines are chopped and scrolled (less -S); no -F, which would quit at once and hide the right side.
      const [file, ...args] = this.wide && this.options.command.join(' ') === DEFAULT_PAGER ? ['less', '-RXS'] : this.options.command;
      // As git does: less and lv get their friendly defaults unless the person set their own.
      const env = { LESS: this.wide ? 'RXS' : 'FRX', LV: '-c', ...this.options.env };
      const child = spawn(file, args, { stdio: ['pipe', 'inherit', 'inherit'], env: env as NodeJS.ProcessEnv });
      const opened = await new Promise<boolean>((resolve) => {
        child.once('spawn', () => resolve(true));
        child.once('error', (error) => {
          this.fallBack(error);
          resolve(false);
        });
      });
      if (!opened) return;
      this.child = child;
      // A pager quit early (q) closes its input: writing to it is EPIPE, which is no error here.
      child.stdin!.on('error', () => undefined);
      const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
      this.shown = this.options.inForeground(() => exited);
      void exited.then(() => {
        if (this.state === 'paging') this.state = 'quit';
        for (const wake of this.drainWaiters) wake();
        this.drainWaiters.clear();
      });
      this.state = 'paging';
      for (const text of this.starting.splice(0)) child.stdin!.write(text);
    })();
  }

  /** The pager could not be run (missing, not executable): the output is printed plainly, and that said. */
  private fallBack(error: Error): void {
    this.state = 'plain';
    for (const text of this.starting.splice(0)) this.options.stdout.write(text);
    for (const text of this.errWaiting.splice(0)) this.options.stderr.write(text);
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'not found' : code === 'EACCES' ? 'not executable' : error.message;
    this.options.stderr.write(`warning: pager ${this.options.command[0]} ${why} (DGW_PAGER, PAGER); printed without it\n`);
  }

  /** Calls `listener` once the pager has room for more (at once when it has, or is gone). */
  private onceDrained(listener: () => void): void {
    const stdin = this.child?.stdin;
    if (this.state !== 'paging' || !stdin?.writableNeedDrain) {
      queueMicrotask(listener);
      return;
    }
    const wake = () => {
      this.drainWaiters.delete(wake);
      stdin.off('drain', wake);
      listener();
    };
    this.drainWaiters.add(wake);
    stdin.once('drain', wake);
  }
}
