// `dgw query list --json` prints 10,000 queries as fast as they arrive: when the answer is the
// local gateway's compact array and every query in it is already in the form readQuery gives
// (each field present, in its order, of its type, the schedule as readSchedule writes it), reading
// it into objects and writing them out again changes nothing but the layout. One pass over the
// answer's UTF-8 bytes checks that form and writes JSON.stringify(list, null, 2)'s layout as it
// goes; at the first byte out of that form it gives up, and the caller reads the answer as usual.
//
// A string is taken as it is when JSON.stringify would write its characters so, and dgw's JSON
// writer would leave them alone: no escape but `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t` and
// `\u00xx` (lower case) for the other characters below U+0020; no raw character below U+0020, no
// DEL (0x7F) and no C1 character (U+0080-U+009F: 0xC2 0x80-0x9F), which dgw's writer escapes. In
// valid UTF-8 every other byte belongs to a character JSON.stringify writes as it is (there are no
// lone surrogates), so bytes that are not valid UTF-8 are first read as the usual reader reads
// them (each bad sequence a U+FFFD) and written back as UTF-8.

/**
 * What `query list --json` prints for the Get Queries answer (its whole list, no field picked, no
 * jq): JSON.stringify(readQueries(JSON.parse(text)), null, 2), its DEL and C1 characters escaped,
 * and a newline, made straight from the answer (its text, or its UTF-8 bytes). Undefined when the
 * answer is not a non-empty compact array of queries in readQuery's form: the caller then reads it
 * as usual.
 */
export function printedQueryList(answer: string | Uint8Array): Buffer | undefined {
  // A lone surrogate has no UTF-8 (JSON.stringify escapes it): only text can hold one.
  if (typeof answer === 'string' && LONE_SURROGATE.test(answer)) return undefined;
  const src = utf8(answer);
  const len = src.length;
  if (len < 2 || src[0] !== OPEN_BRACKET) return undefined;
  let out: Buffer = Buffer.allocUnsafe(len + (len >> 2) + 4096);
  out[0] = OPEN_BRACKET;
  out[1] = NEWLINE;
  const at: Cursor = { read: 1, written: 2 };
  for (;;) {
    // A record is at most the rest of the input, its bytes each copied once or replaced by a piece.
    const need = at.written + (len - at.read) + RECORD_GROWTH;
    if (need > out.length) out = grown(out, at.written, need);
    const next = laidRecord(src, out, at);
    if (next === COMMA) continue;
    return next === CLOSE_BRACKET && at.read === len ? out.subarray(0, at.written) : undefined;
  }
}

/** Where the pass is: the next byte to read in the answer, and to write in the output. */
interface Cursor {
  read: number;
  written: number;
}

/**
 * Checks and lays out the query that starts at `at.read`, and what closes it: `,` (another query
 * follows) or `]`, which it returns; -1 when the bytes there are not a query in readQuery's form.
 */
function laidRecord(src: Uint8Array, out: Buffer, at: Cursor): number {
  let i = at.read;
  let o = at.written;
  for (let f = 0; f < FIELD_COUNT; f++) {
    for (let k = KEY_AT[f], end = KEY_AT[f + 1]; k < end; k++, i++) if (src[i] !== KEYS[k]) return -1;
    for (let k = PIECE_AT[f], end = PIECE_AT[f + 1]; k < end; k++) out[o++] = PIECES[k];
    const kind = KINDS[f];
    const c = src[i];
    if (c === QUOTE && kind !== QUERY_TYPE && kind !== SCHEDULE) {
      const end = copiedString(src, i, out, o);
      if (end < 0) return -1;
      o += end - i;
      i = end;
    } else if (c === LETTER_N && (kind === STRING_OR_NULL || kind === SCHEDULE)) {
      // null, copied as it is checked
      if (src[i + 1] !== LETTER_U || src[i + 2] !== LETTER_L || src[i + 3] !== LETTER_L) return -1;
      for (const end = i + 4; i < end; i++) out[o++] = src[i];
    } else if (kind === QUERY_TYPE) {
      const type = src[i + 1] === LETTER_P ? PLAIN : MATERIALIZED;
      for (let k = 0; k < type.length; k++, i++) {
        if (src[i] !== type[k]) return -1;
        out[o++] = type[k];
      }
    } else if (kind === SCHEDULE) {
      at.read = i;
      at.written = o;
      if (!laidSchedule(src, out, at)) return -1;
      i = at.read;
      o = at.written;
    } else {
      return -1;
    }
  }
  const next = src[i + 1];
  if (src[i] !== CLOSE_BRACE || (next !== COMMA && next !== CLOSE_BRACKET)) return -1;
  const end = next === COMMA ? RECORD_SEPARATOR : LIST_END;
  for (let k = 0; k < end.length; k++) out[o++] = end[k];
  at.read = i + 2;
  at.written = o;
  return next;
}

/**
 * Checks and lays out the schedule object at `at.read` as readSchedule gives it back (interval,
 * cron, or cron with a time zone, each value a non-empty string); false when it is not one.
 */
function laidSchedule(src: Uint8Array, out: Buffer, at: Cursor): boolean {
  let i = at.read;
  let o = at.written;
  const form = matches(src, i, INTERVAL[0]) ? INTERVAL : matches(src, i, CRON[0]) ? CRON : undefined;
  if (form === undefined) return false;
  // The form's parts in pairs: what the answer has before a value, and what the layout has there.
  for (let part = 0; part < form.length; part += 2) {
    if (src[i] === CLOSE_BRACE) break;
    if (!matches(src, i, form[part])) return false;
    i += form[part].length;
    o = put(out, o, form[part + 1]);
    const end = src[i + 1] === QUOTE ? -1 : copiedString(src, i, out, o);
    if (end < 0) return false;
    o += end - i;
    i = end;
  }
  if (src[i] !== CLOSE_BRACE) return false;
  at.read = i + 1;
  at.written = put(out, o, SCHEDULE_END);
  return true;
}

/**
 * Copies the string that starts (with its quote) at `i` to `out` at `o`, when its bytes are as
 * JSON.stringify writes them (see the top of this file); returns where it ends (after its closing
 * quote), or -1.
 */
function copiedString(src: Uint8Array, i: number, out: Buffer, o: number): number {
  if (src[i] !== QUOTE) return -1;
  out[o] = QUOTE;
  // Each byte goes to the same place relative to the string's start.
  const shift = o - i;
  for (let j = i + 1; ; ) {
    const c = src[j];
    out[j + shift] = c;
    j++;
    if (AS_IS[c] === 1) continue;
    if (c === QUOTE) return j;
    if (c === BACKSLASH) {
      const e = src[j];
      if (SHORT_ESCAPE[e] === 1) {
        out[j + shift] = e;
        j++;
        continue;
      }
      // `\u00xx`: xx is 00-07, 0b, 0e, 0f or 10-1f (the rest below 0x20 have a short escape).
      if (e !== LETTER_U || src[j + 1] !== DIGIT_0 || src[j + 2] !== DIGIT_0) return -1;
      const high = src[j + 3];
      if ((high === DIGIT_0 ? LAST_DIGIT_0[src[j + 4]] : high === DIGIT_1 ? LAST_DIGIT_1[src[j + 4]] : 0) !== 1) return -1;
      for (const end = j + 5; j < end; j++) out[j + shift] = src[j];
      continue;
    }
    // 0xC2 starts U+0080-U+00BF; its second byte (at most 0xBF in valid UTF-8) below 0xA0 is a C1 character.
    if (c === 0xc2 && src[j] >= 0xa0) {
      out[j + shift] = src[j];
      j++;
      continue;
    }
    // A character JSON.stringify or dgw writes otherwise, or the end of the answer.
    return -1;
  }
}

/** True when `src` holds `literal` at `i`. */
function matches(src: Uint8Array, i: number, literal: Uint8Array): boolean {
  for (let k = 0; k < literal.length; k++) if (src[i + k] !== literal[k]) return false;
  return true;
}

/** Writes `piece` to `out` at `o`; returns where it ends. */
function put(out: Buffer, o: number, piece: Uint8Array): number {
  for (let k = 0; k < piece.length; k++) out[o + k] = piece[k];
  return o + piece.length;
}

/** `out`'s first `used` bytes in a buffer of at least `need` bytes. */
function grown(out: Buffer, used: number, need: number): Buffer {
  const bigger = Buffer.allocUnsafe(need + (need >> 1));
  out.copy(bigger, 0, 0, used);
  return bigger;
}

/** The answer as valid UTF-8: text (well formed) encoded, bytes as they are when they are valid, else the text the usual reader reads from them, encoded. */
function utf8(answer: string | Uint8Array): Uint8Array {
  if (typeof answer === 'string') return Buffer.from(answer);
  if (process.getBuiltinModule('node:buffer').isUtf8(answer)) return answer;
  return Buffer.from(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength).toString('utf8'));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const bytes = (text: string): Uint8Array => Buffer.from(text, 'latin1');
/** A table of the 256 byte values: 1 for those `pick` picks. */
const byteTable = (pick: (byte: number) => boolean): Uint8Array => Uint8Array.from({ length: 256 }, (_, byte) => (pick(byte) ? 1 : 0));
const among = (chars: string) => (byte: number) => chars.includes(String.fromCharCode(byte));

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const LETTER_N = 0x6e;
const LETTER_P = 0x50;
const LETTER_U = 0x75;
const LETTER_L = 0x6c;
const DIGIT_0 = 0x30;
const DIGIT_1 = 0x31;

/** Bytes a string holds as they are: not `"` or `\`, no control character, not DEL, not 0xC2 (U+0080-U+00BF, C1 among them, are looked at whole). */
const AS_IS = byteTable((b) => b >= 0x20 && b !== QUOTE && b !== BACKSLASH && b !== 0x7f && b !== 0xc2);
/** The letters after `\` of the short escapes JSON.stringify writes (never `\/`). */
const SHORT_ESCAPE = byteTable(among('"\\bfnrt'));
/** The last digit of a `\u000x` JSON.stringify writes (0x08-0x0A, 0x0C and 0x0D have short escapes). */
const LAST_DIGIT_0 = byteTable(among('01234567bef'));
/** The last digit of a `\u001x`, in lower case. */
const LAST_DIGIT_1 = byteTable(among('0123456789abcdef'));

const STRING = 0;
const STRING_OR_NULL = 1;
const QUERY_TYPE = 2;
const SCHEDULE = 3;

/** readQuery's fields in its order, each with the kind of value it has in readQuery's form. */
const FIELDS: [name: string, kind: number][] = [
  ['id', STRING],
  ['displayName', STRING],
  ['name', STRING],
  ['inputQuery', STRING],
  ['queryType', QUERY_TYPE],
  ['schedule', SCHEDULE],
  ['path', STRING_OR_NULL],
  ['folderId', STRING_OR_NULL],
];
const FIELD_COUNT = FIELDS.length;
const KINDS = Int32Array.from(FIELDS, ([, kind]) => kind);

/** Byte strings laid end to end, and where each starts (the last entry is where the last one ends): the loops read them without a call. */
function laidEndToEnd(texts: string[]): [all: Uint8Array, starts: Int32Array] {
  const starts = [0];
  for (const text of texts) starts.push(starts[starts.length - 1] + text.length);
  return [bytes(texts.join('')), Int32Array.from(starts)];
}
/** What comes before each field's value: in the answer (`{"id":`, `,"displayName":`), and in the layout (a query is an element of the list, its fields one level deeper). */
const [KEYS, KEY_AT] = laidEndToEnd(FIELDS.map(([name], f) => `${f === 0 ? '{' : ','}"${name}":`));
const [PIECES, PIECE_AT] = laidEndToEnd(FIELDS.map(([name], f) => `${f === 0 ? '  {' : ','}\n    "${name}": `));
const PLAIN = bytes('"PLAIN"');
const MATERIALIZED = bytes('"MATERIALIZED"');
/** A schedule's parts in pairs: what the answer has before a value, and what the layout has there (the schedule's fields one level deeper still). */
const INTERVAL = ['{"type":"interval","repeatDuration":', '{\n      "type": "interval",\n      "repeatDuration": '].map(bytes);
const CRON = ['{"type":"cron","cronExpression":', '{\n      "type": "cron",\n      "cronExpression": ', ',"timezone":', ',\n      "timezone": '].map(bytes);
const SCHEDULE_END = bytes('\n    }');
const RECORD_SEPARATOR = bytes('\n  },\n');
const LIST_END = bytes('\n  }\n]\n');
/** Every piece a query's layout may write, added up: what a query's layout may add to its own bytes is less. */
const RECORD_GROWTH = [PIECES, INTERVAL[1], CRON[1], CRON[3], SCHEDULE_END, RECORD_SEPARATOR, LIST_END].reduce((sum, piece) => sum + piece.length, 0);
