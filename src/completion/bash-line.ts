/** A bash command line up to the cursor, unquoted as bash reads it, and how to write a value over readline's word (which starts after an open quote or a COMP_WORDBREAKS character). */
export interface BashLine {
  /** The words after the command name, unquoted; the last is the word under the cursor ('' after a space). */
  words: string[];
  /** The text that replaces readline's word with `value` (which starts with the last word). */
  replacement(value: string): string;
}

/** Bash's default COMP_WORDBREAKS. */
const DEFAULT_WORD_BREAKS = ' \t\n"\'><=;|&(:';

interface Word {
  text: string;
  before: number[];
  lastBreak: number;
  open?: { quote: '"' | "'"; at: number };
}

const SPACE = /[ \t\n]/;

export function readBashLine(line: string, wordBreaks: string = DEFAULT_WORD_BREAKS): BashLine {
  const breaks = new Set([...wordBreaks].filter((c) => c !== '"' && c !== "'" && !SPACE.test(c)));
  const words: string[] = [];
  let word: Word | undefined;
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
        // Readline closes the quote after a single match unless the text already ends in that quote character.
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
