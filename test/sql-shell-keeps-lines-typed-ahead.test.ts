import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { HistoryFile } from '../src/shell/history.js';
import { runShell } from '../src/shell/sql-shell.js';

// The SQL shell lets go of the data folder before each prompt (idle), which takes a moment: a line
// typed meanwhile (ahead of the first prompt, or of the next) was read by readline before the
// shell listened, and silently dropped.

describe('the SQL shell', () => {
  it('runs the lines typed while it let go of the folder, in order', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    output.resume();
    let release = () => {};
    let idles = 0;
    const ran: string[] = [];
    const history = { load: () => [], save: () => undefined } as unknown as HistoryFile;
    const done = runShell({
      input,
      output,
      history,
      signal: new AbortController().signal,
      // The first wait holds until both lines were typed.
      idle: () => (idles++ === 0 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()),
      run: async (statement) => {
        ran.push(statement);
      },
      report: (error) => {
        throw error;
      },
    });
    input.write('SELECT 1 AS one;\n');
    input.write('SELECT 2 AS two;\n');
    await new Promise((r) => setImmediate(r));
    release();
    await new Promise((r) => setImmediate(r));
    input.write('.exit\n');
    await done;
    expect(ran.map((s) => s.trim())).toEqual(['SELECT 1 AS one', 'SELECT 2 AS two']);
  });
});
