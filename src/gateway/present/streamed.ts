import type { BodySource } from '../router.js';
import type { RowTexts } from '../row-texts.js';

/** A JSON answer whose rows are fetched only as the reader wants them; a failure after the first byte cuts the body short, which any JSON reader sees. */
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
