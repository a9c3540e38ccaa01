import stringWidth from 'string-width';

// Width by display columns (CJK two, combining marks none), never through a character.

const graphemes = new Intl.Segmenter();

/** Printable ASCII: a column a character, the common case measured without segmenting. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Terminal columns `text` takes (escape sequences for colour take none). */
export function textWidth(text: string): number {
  return PLAIN_ASCII.test(text) ? text.length : stringWidth(text);
}

/** Breaks after a space where near enough, else inside a word; joined, the lines are the text again. */
export function wrapToWidth(text: string, width: number): string[] {
  if (width <= 0 || textWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  let used = 0;
  // Where the line could break after a space: the text before it, and what came after it.
  let lastSpace = -1;
  for (const { segment } of graphemes.segment(text)) {
    const w = textWidth(segment);
    if (used + w > width) {
      // A space that does not fit is the break; else break at the last space when it leaves at least a third of a line on this one.
      const atSpace = segment !== ' ' && lastSpace > 0 && textWidth(line.slice(0, lastSpace)) >= width / 3;
      lines.push(atSpace ? line.slice(0, lastSpace) : line);
      line = atSpace ? line.slice(lastSpace + 1) : '';
      used = textWidth(line);
      lastSpace = -1;
      if (segment === ' ') continue;
    }
    if (segment === ' ') lastSpace = line.length;
    line += segment;
    used += w;
  }
  lines.push(line);
  return lines;
}
