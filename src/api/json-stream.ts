/** Reads a JSON object as it arrives, one array member element by element, so memory holds one row whatever the array's length. */

/** The body stopped being JSON, or stopped before its end: what was wrong and where. */
export class JsonStreamError extends Error {
  constructor(
    message: string,
    /** True when the text was fine but ended too soon (a connection that closed mid-body). */
    readonly cutShort: boolean,
  ) {
    super(message);
    this.name = 'JsonStreamError';
  }
}

const WS = /[ \t\r\n]*/y;
const STRING_END = /["\\]/g;
const PRIMITIVE_END = /[\s,\]}]/g;

/** Where a JSON value that starts at `start` ends; resumable when the text so far ends first. */
class ValueScanner {
  private pos = 0;
  private kind: 'nested' | 'string' | 'primitive' | undefined;
  /** An array or object is scanned as a run whose first element is the value. */
  private readonly nested = new RunScanner();

  reset(start: number): void {
    this.pos = start;
    this.kind = undefined;
  }

  shift(by: number): void {
    this.pos -= by;
    this.nested.shift(by);
  }

  /** The index just past the value's end, or -1 when `text` ends first (`final`: no more text will come). */
  end(text: string, final: boolean): number {
    if (this.kind === undefined) {
      if (this.pos >= text.length) return -1;
      const c = text[this.pos];
      this.kind = c === '[' || c === '{' ? 'nested' : c === '"' ? 'string' : 'primitive';
      if (this.kind === 'nested') this.nested.reset(this.pos);
      if (this.kind === 'string') this.pos += 1;
    }
    if (this.kind === 'nested') {
      this.nested.scan(text, true);
      return this.nested.lastEnd;
    }
    if (this.kind === 'primitive') {
      PRIMITIVE_END.lastIndex = this.pos;
      const m = PRIMITIVE_END.exec(text);
      if (m) return m.index;
      if (final) return text.length;
      this.pos = text.length;
      return -1;
    }
    for (;;) {
      STRING_END.lastIndex = this.pos;
      const m = STRING_END.exec(text);
      if (!m) {
        this.pos = text.length;
        return -1;
      }
      if (m[0] === '"') return m.index + 1;
      // An escape needs the character after it; wait for it when the text ends here.
      if (m.index + 1 >= text.length) {
        this.pos = m.index;
        return -1;
      }
      this.pos = m.index + 2;
    }
  }
}

const RUN_STRUCTURE = /["\\[\]{},]/g;

/** Scans array elements from `start`; resumable when more text arrives. */
class RunScanner {
  private pos = 0;
  private depth = 0;
  private inString = false;
  /** Just past the last complete element (-1: none yet). */
  lastEnd = -1;
  /** The index of the array's closing `]` (-1: not yet seen). */
  close = -1;

  reset(start: number): void {
    this.pos = start;
    this.depth = 0;
    this.inString = false;
    this.lastEnd = -1;
    this.close = -1;
  }

  shift(by: number): void {
    this.pos -= by;
    if (this.lastEnd >= 0) this.lastEnd -= by;
  }

  /** Scans on from where it stopped; `firstOnly`: stop at the end of the first complete element. */
  scan(text: string, firstOnly = false): void {
    const re = RUN_STRUCTURE;
    re.lastIndex = this.pos;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const i = m.index;
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (c === 92) {
          // An escape needs the character after it; wait for it when the text ends here.
          if (i + 1 >= text.length) {
            this.pos = i;
            return;
          }
          re.lastIndex = i + 2;
        } else if (c === 34) this.inString = false;
        continue;
      }
      if (c === 34) this.inString = true;
      else if (c === 91 || c === 123) this.depth += 1;
      else if (c === 93 || c === 125) {
        if (this.depth === 0) {
          if (c === 125) continue;
          this.close = i;
          this.lastEnd = i;
          return;
        }
        this.depth -= 1;
        if (this.depth === 0) {
          this.lastEnd = i + 1;
          if (firstOnly) return;
        }
      } else if (this.depth === 0) {
        this.lastEnd = i;
        if (firstOnly) return;
      }
    }
    this.pos = text.length;
  }
}

type State = 'start' | 'key' | 'colon' | 'value' | 'after-value' | 'elements' | 'after-element' | 'done';

/** Yields the elements of `arrayKey` as they complete; the usual `],[` boundaries take a shortcut, anything odd is scanned character by character. */
export async function* streamArrayMember<T>(
  chunks: AsyncIterable<Uint8Array | string>,
  arrayKey: string,
  onMember: (key: string, valueText: string) => void,
  parseRun: (run: string) => T[],
): AsyncGenerator<T[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const scanner = new ValueScanner();
  const run = new RunScanner();
  let text = '';
  let at = 0;
  let state: State = 'start';
  let key = '';
  let scanning = false;
  let received = 0;
  const fail = (what: string): never => {
    throw new JsonStreamError(`${what} at byte ${received - Buffer.byteLength(text.slice(at))}`, false);
  };
  const skipSpace = () => {
    WS.lastIndex = at;
    WS.exec(text);
    at = WS.lastIndex;
  };

  /** Where the value (or member name) at `at` ends, scanned across chunks; -1 while the text so far does not hold its end. */
  function valueEnd(final: boolean): number {
    if (!scanning) {
      scanner.reset(at);
      scanning = true;
    }
    const end = scanner.end(text, final);
    if (end >= 0) scanning = false;
    return end;
  }

  /** Moves through the text so far; adds the elements it completes to `batch`. Returns when more text is needed. */
  function advance(final: boolean, batch: T[]): void {
    for (;;) {
      // A value or element being scanned starts at `at`, never at a space: this moves nothing then.
      skipSpace();
      if (state === 'done') {
        if (at < text.length) fail('unexpected text after the end of the JSON object');
        return;
      }
      if (at >= text.length && !(scanning && final)) return;
      switch (state) {
        case 'start':
          if (text[at] !== '{') fail('expected a JSON object');
          at += 1;
          state = 'key';
          break;
        case 'key': {
          if (text[at] === '}') {
            at += 1;
            state = 'done';
            break;
          }
          if (text[at] !== '"') fail('expected a member name');
          const end = valueEnd(final);
          if (end < 0) return;
          key = JSON.parse(text.slice(at, end)) as string;
          at = end;
          state = 'colon';
          break;
        }
        case 'colon':
          if (text[at] !== ':') fail('expected ":"');
          at += 1;
          state = 'value';
          break;
        case 'value': {
          // The array is streamed; anything else under its name (null, say) is an ordinary member.
          if (key === arrayKey && !scanning && text[at] === '[') {
            at += 1;
            state = 'elements';
            break;
          }
          const end = valueEnd(final);
          if (end < 0) return;
          onMember(key, text.slice(at, end));
          at = end;
          state = 'after-value';
          break;
        }
        case 'after-value':
          if (text[at] === ',') {
            at += 1;
            state = 'key';
          } else if (text[at] === '}') {
            at += 1;
            state = 'done';
          } else fail('expected "," or "}"');
          break;
        case 'elements': {
          // An element begun in an earlier chunk is scanned to its end, then the shortcut goes on.
          const resumed = scanning;
          if (!scanning) {
            if (text[at] === ']') {
              at += 1;
              state = 'after-value';
              break;
            }
            if (text[at] === ',') fail('expected an element');
            const boundary = text[at] === '[' ? '],[' : text[at] === '{' ? '},{' : undefined;
            const last = boundary ? text.lastIndexOf(boundary) : -1;
            if (last > at) {
              let rows: T[] | undefined;
              try {
                rows = parseRun(text.slice(at, last + 1));
              } catch {
                rows = undefined;
              }
              if (rows) {
                for (const row of rows) batch.push(row);
                at = last + 1;
                state = 'after-element';
                break;
              }
            }
            run.reset(at);
            scanning = true;
          }
          run.scan(text, resumed);
          if (run.lastEnd < 0 || (run.lastEnd === at && run.close < 0)) return;
          scanning = false;
          if (run.lastEnd > at) for (const row of parseRun(text.slice(at, run.lastEnd))) batch.push(row);
          if (run.close >= 0) {
            at = run.close + 1;
            state = 'after-value';
          } else {
            at = run.lastEnd;
            state = 'after-element';
          }
          break;
        }
        case 'after-element':
          if (text[at] === ',') {
            at += 1;
            state = 'elements';
            skipSpace();
            if (text[at] === ']') fail('expected an element after ","');
          } else if (text[at] === ']') {
            at += 1;
            state = 'after-value';
          } else fail('expected "," or "]"');
          break;
      }
    }
  }

  for await (const chunk of chunks) {
    let piece: string;
    if (typeof chunk === 'string') {
      piece = chunk;
      received += Buffer.byteLength(chunk);
    } else {
      received += chunk.byteLength;
      try {
        piece = decoder.decode(chunk, { stream: true });
      } catch {
        throw new JsonStreamError(`the body is not UTF-8 text (near byte ${received})`, false);
      }
    }
    // Drop what is consumed, so the text held is one element (or member) at most.
    if (at > 0) {
      text = text.slice(at);
      if (scanning) {
        scanner.shift(at);
        run.shift(at);
      }
      at = 0;
    }
    text += piece;
    const batch: T[] = [];
    advance(false, batch);
    if (batch.length > 0) yield batch;
  }
  try {
    text += decoder.decode();
  } catch {
    throw new JsonStreamError(`the body ended inside a UTF-8 character (after ${received} bytes)`, true);
  }
  const batch: T[] = [];
  advance(true, batch);
  if (batch.length > 0) yield batch;
  // `advance` moved the state on (TypeScript cannot see it through the generator).
  if ((state as State) !== 'done') {
    if (at < text.length && !scanning) fail('unexpected text');
    throw new JsonStreamError(`the body ended before its JSON did (after ${received} bytes)`, true);
  }
}
