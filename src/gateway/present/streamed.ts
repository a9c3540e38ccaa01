import type { BodySource } from '../router.js';
import type { RowTexts } from '../row-texts.js';

/**
 * A JSON answer whose array of rows is written as DuckDB produces it: `head` (the text up to the
 * array's `[`), the rows a chunk at a time, then `tail`. The next chunk is fetched only when the
 * reader wants more, so memory stays flat whatever the row count; a reader that goes away
 * (cancel) interrupts the statement. A failure after the first byte cannot change the status any
 * more: the body then stops short of its end, which every JSON reader sees as an error.
 */
export function streamedJson(head: string, rows: RowTexts, tail: string): BodySource {
  let first = true;
  let started = false;
  let ended = false;
  return {
    async next() {
      if (ended) return null;
      if (!started) {
        started = true;
        return head;
      }
      const text = await rows.next();
      if (text === null) {
        ended = true;
        return tail;
      }
      const chunk = first ? text : `,${text}`;
      first = false;
      return chunk;
    },
    cancel: () => rows.cancel(),
  };
}
