import type { Context } from 'hono';
import type { RowTexts } from '../row-texts.js';

const encoder = new TextEncoder();

/**
 * A JSON answer whose array of rows is written as DuckDB produces it: `head` (the text up to the
 * array's `[`), the rows a chunk at a time, then `tail`. The next chunk is fetched only when the
 * reader wants more, so memory stays flat whatever the row count; a reader that goes away
 * (cancel) interrupts the statement. A failure after the first byte cannot change the status any
 * more: the body then stops short of its end, which every JSON reader sees as an error.
 */
export function streamedJson(c: Context, head: string, rows: RowTexts, tail: string): Response {
  let first = true;
  let started = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(head));
          return;
        }
        const text = await rows.next();
        if (text === null) {
          controller.enqueue(encoder.encode(tail));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(first ? text : `,${text}`));
        first = false;
      },
      cancel() {
        return rows.cancel();
      },
    },
    { highWaterMark: 1 },
  );
  return c.body(body, 200, { 'content-type': 'application/json' });
}
