import { createReadStream } from 'node:fs';
import { DgwError } from '../errors.js';

/** A line as a refusal quotes it: its first 120 characters. */
export const shown = (text: string): string => (text.length > 120 ? `${text.slice(0, 120)}…` : text);

/** The text of line `n` (counting from 1) of the file, as a refusal quotes it. */
export async function lineText(path: string, n: number): Promise<string> {
  let line = 1;
  let text = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>) {
    let from = 0;
    for (; line < n && from < chunk.length; line += 1) {
      const end = chunk.indexOf('\n', from);
      if (end < 0) break;
      from = end + 1;
    }
    if (line < n) continue;
    const end = chunk.indexOf('\n', from);
    text += chunk.slice(from, end < 0 ? undefined : end);
    if (end >= 0 || text.length > 120) break;
  }
  return shown(text.replace(/\r$/, ''));
}

const QUOTED_LINE = /\(the line: [\s\S]*\)(?=( \(HTTP \d+\))?$)/;

/** A refusal quoting line N of the comma-separated copy sent quotes line N of the user's file instead. */
export async function quotingLineAsWritten(error: unknown, path: string | undefined): Promise<unknown> {
  if (!(error instanceof DgwError) || path === undefined || !QUOTED_LINE.test(error.message)) return error;
  const line = /line (\d+): /.exec(error.message)?.[1];
  if (line === undefined) return error;
  const text = await lineText(path, Number(line));
  error.message = error.message.replace(QUOTED_LINE, () => `(the line: ${line === '1' ? text.replace(/^\uFEFF/, '') : text})`);
  return error;
}
