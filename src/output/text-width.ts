import stringWidth from 'string-width';

// How many terminal columns text takes, and text cut or wrapped to a number of columns: by
// display width (a CJK character or an emoji takes two, a combining mark none), never by string
// length, and never through the middle of a character. Loaded only where something is laid out
// for a terminal (tables, the pager).

const graphemes = new Intl.Segmenter();

/** Printable ASCII: a column a character, the common case measured without segmenting. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** The ellipsis that ends a shortened value. */
export const ELLIPSIS = '…';

/** Terminal columns `text` takes (escape sequences for colour take none). */
export function textWidth(text: string): number {
  return PLAIN_ASCII.test(text) ? text.length : stringWidth(text);
}

/** `text` whole when it fits in `width` columns, else cut to fit with an ellipsis at its end. */
export function cutToWidth(text: string, width: number): string {
  if (PLAIN_ASCII.test(text)) return text.length <= width ? text : width <= 0 ? '' : `${text.slice(0, width - 1)}${ELLIPSIS}`;
  if (width <= 0) return textWidth(text) === 0 ? text : '';
  // One pass: where the cut goes (room left for the ellipsis), and whether the text needs one.
  let used = 0;
  let cutAt = -1;
  for (const { segment, index } of graphemes.segment(text)) {
    const w = segmentWidth(segment);
    if (cutAt < 0 && used + w > width - 1) cutAt = index;
    used += w;
    if (used > width) return `${text.slice(0, cutAt)}${ELLIPSIS}`;
  }
  return text;
}

/** Columns of one grapheme: 1 for a printable ASCII character, else as string-width measures it. */
function segmentWidth(segment: string): number {
  const c = segment.charCodeAt(0);
  return segment.length === 1 && c >= 0x20 && c <= 0x7e ? 1 : stringWidth(segment);
}

/**
 * One line of text as lines of at most `width` columns: broken after a space where one is near
 * enough, else inside a word (a long SQL identifier, a URL). Nothing is lost: joined, the lines
 * are the text again, spaces at the breaks aside.
 */
export function wrapToWidth(text: string, width: number): string[] {
  if (width <= 0 || textWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  let used = 0;
  // Where the line could break after a space: the text before it, and what came after it.
  let lastSpace = -1;
  for (const { segment } of graphemes.segment(text)) {
    const w = segmentWidth(segment);
    if (used + w > width) {
      if (segment === ' ') {
        lines.push(line);
        line = '';
        used = 0;
        lastSpace = -1;
        continue;
      }
      // Break at the last space when it leaves at least a third of a line on this one.
      if (lastSpace > 0 && textWidth(line.slice(0, lastSpace)) >= width / 3) {
        const rest = line.slice(lastSpace + 1);
        lines.push(line.slice(0, lastSpace));
        line = rest;
        used = textWidth(rest);
      } else {
        lines.push(line);
        line = '';
        used = 0;
      }
      lastSpace = -1;
    }
    if (segment === ' ') lastSpace = line.length;
    line += segment;
    used += w;
  }
  lines.push(line);
  return lines;
}

/** Pads `text` with spaces to `width` columns, on the right (left-aligned) or on the left (right-aligned). */
export function padToWidth(text: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - textWidth(text)));
  return align === 'right' ? `${fill}${text}` : `${text}${fill}`;
}
