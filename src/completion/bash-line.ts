/**
 * A bash command line up to the cursor, read as bash would run it, for live completion: the words
 * with their quotes and backslashes removed (so `/my\ reports` and `"/my reports` both name the
 * folder `/my reports`), and for each value offered, the text that replaces readline's word.
 *
 * Readline's word is not bash's word: it starts after an open quote (`"/my r` → `/my r`), or after
 * the last unquoted character of COMP_WORDBREAKS (`/a/q:` → after the `:`). A value replaces that
 * word, written so that bash reads it back as the value: backslashes outside quotes, `\"` inside
 * double quotes, `'\''` inside single quotes (readline then closes the quote).
 */
export interface BashLine {
  /** The words after the command name, unquoted; the last is the word under the cursor ('' after a space). */
  words: string[];
  /** The text that replaces readline's word with `value` (which starts with the last word). */
  replacement(value: string): string;
}

/** Bash's default COMP_WORDBREAKS. */
export const DEFAULT_WORD_BREAKS = ' \t\n"\'><=;|&(:';

/** The word being read: its unquoted text, and per raw character, how much unquoted text came before it. */
interface Word {
  text: string;
  /** `before[i]`: length of `text` produced by the raw characters before index i of the word. */
  before: number[];
  /** Raw index (in the word) of the last unquoted word-break character, or -1. */
  lastBreak: number;
  /** The quote still open at the cursor, with its raw index. */
  open?: { quote: '"' | "'"; at: number };
}

const SPACE = /[ \t\n]/;

export function readBashLine(line: string, wordBreaks: string = DEFAULT_WORD_BREAKS): BashLine {
  const breaks = new Set([...wordBreaks].filter((c) => c !== '"' && c !== "'" && !SPACE.test(c)));
  const words: string[] = [];
  let word: Word | undefined;
  // `raw`: where the word being read starts in the line.
  let raw = 0;
  const add = (text: string) => {
    word!.text += text;
  };
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (!word) {
      if (SPACE.test(c)) {
        i += 1;
        continue;
      }
      word = { text: '', before: [], lastBreak: -1 };
      raw = i;
    }
    const mark = () => (word!.before[i - raw] = word!.text.length);
    mark();
    if (SPACE.test(c)) {
      words.push(word.text);
      word = undefined;
      i += 1;
    } else if (c === '\\') {
      // A backslash before a newline joins lines; before anything else, it quotes it.
      if (i + 1 < line.length && line[i + 1] !== '\n') add(line[i + 1]);
      i += 2;
    } else if (c === "'" || c === '"') {
      const at = i - raw;
      i += 1;
      let closed = false;
      while (i < line.length) {
        mark();
        const d = line[i];
        if (d === c) {
          closed = true;
          i += 1;
          break;
        }
        if (c === '"' && d === '\\' && i + 1 < line.length && '$`"\\\n'.includes(line[i + 1])) {
          if (line[i + 1] !== '\n') add(line[i + 1]);
          i += 2;
          continue;
        }
        add(d);
        i += 1;
      }
      if (!closed) word.open = { quote: c, at };
    } else {
      if (breaks.has(c)) word.lastBreak = i - raw;
      add(c);
      i += 1;
    }
  }
  const current: Word = word ?? { text: '', before: [0], lastBreak: -1 };
  if (word) current.before[line.length - raw] = current.text.length;
  words.push(current.text);
  return {
    words: words.slice(1),
    replacement(value) {
      if (current.open) {
        const { quote, at } = current.open;
        const rest = value.slice(current.before[at]);
        const quoted = quote === "'" ? rest.replace(/'/g, "'\\''") : rest.replace(/["\\$`]/g, '\\$&');
        // Readline closes the quote after a single match unless the text already ends in that
        // quote character (here an escaped or reopened one): then the quote is closed here.
        return quoted.endsWith(quote) ? `${quoted}${quote}` : quoted;
      }
      const from = current.lastBreak < 0 ? 0 : current.before[current.lastBreak + 1];
      return escapeBare(value.slice(from));
    },
  };
}

/** A text written for bash outside quotes: every character bash or readline would read specially gets a backslash. */
export function escapeBare(text: string): string {
  return text.replace(/[\s"'\\$`!&;|<>()*?[\]{}#~^=:,]/g, '\\$&');
}
