/**
 * Compact JSON text (no whitespace between tokens, UTF-8) laid out as JSON.stringify(value, null, 2)
 * lays out the value it reads as, and a newline after it, as dgw prints JSON: a newline and two
 * spaces per depth after `[`, `{` and `,`, and before `]` and `}`; a space after `:`; `[]` and
 * `{}` as they are. Strings are copied byte for byte, so the result equals JSON.stringify's only
 * where each string and number is already written as JSON.stringify writes it: the caller checks
 * that (see query/printed-list.ts).
 */
export function indentCompactJson(src: Uint8Array): Buffer {
  const len = src.length;
  let out: Buffer = Buffer.allocUnsafe(len + (len >> 1) + 64);
  // One loop, its state in locals (no closures over them), as this runs over megabytes once.
  let o = 0;
  let depth = 0;
  for (let i = 0; i < len; i++) {
    const c = src[i];
    if (c === QUOTE) {
      out[o++] = QUOTE;
      let j = i + 1;
      for (let d = src[j]; d !== QUOTE; d = src[++j]) {
        out[o++] = d;
        if (d === BACKSLASH) out[o++] = src[++j];
      }
      out[o++] = QUOTE;
      i = j;
      continue;
    }
    if (c !== OPEN_BRACE && c !== OPEN_BRACKET && c !== CLOSE_BRACE && c !== CLOSE_BRACKET && c !== COMMA && c !== COLON) {
      out[o++] = c;
      continue;
    }
    // Every other byte is copied one for one, so the rest needs at most what is left of the input
    // plus this byte's newline and indent.
    const need = o + (len - i) + 2 * depth + 4;
    if (need > out.length) out = grown(out, o, need);
    if (c === COLON) {
      out[o++] = COLON;
      out[o++] = SPACE;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      out[o++] = c;
      // `{` + 2 is `}`, `[` + 2 is `]`: an empty object or array stays on its line.
      if (src[i + 1] === c + 2) {
        out[o++] = c + 2;
        i++;
        continue;
      }
      depth++;
    } else if (c === COMMA) {
      out[o++] = COMMA;
    } else {
      depth--;
    }
    out[o++] = NEWLINE;
    for (let k = 2 * depth; k > 0; k--) out[o++] = SPACE;
    if (c === CLOSE_BRACE || c === CLOSE_BRACKET) out[o++] = c;
  }
  if (o + 1 > out.length) out = grown(out, o, o + 1);
  out[o++] = NEWLINE;
  return out.subarray(0, o);
}

/** `out`'s first `used` bytes in a buffer of at least `need` bytes. */
function grown(out: Buffer, used: number, need: number): Buffer {
  const bigger = Buffer.allocUnsafe(need + (need >> 1));
  out.copy(bigger, 0, 0, used);
  return bigger;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const NEWLINE = 0x0a;
const SPACE = 0x20;
