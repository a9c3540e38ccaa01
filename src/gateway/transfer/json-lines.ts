import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ProjectStore } from '../project/index.js';
import { resultColumns } from '../execute.js';
import { RowTexts } from '../row-texts.js';

/** Writes a SELECT's rows to `file` as JSON Lines (gzipped when asked) with run SQL's value writers, not COPY's NaN; returns the rows written. */
export async function writeJsonLines(project: ProjectStore, conn: DuckDBConnection, select: string, file: string, gzip: boolean): Promise<number> {
  const statement = await project.sandbox.run(conn, select);
  const rows = await RowTexts.open(project.duck, conn, statement, resultColumns(statement.result), 'SIMPLE', () => undefined, undefined, '\n');
  async function* lines() {
    for (let text = await rows.next(); text !== null; text = await rows.next()) yield `${text}\n`;
  }
  try {
    const out = createWriteStream(file, { mode: 0o600 });
    await (gzip ? pipeline(Readable.from(lines()), createGzip(), out) : pipeline(Readable.from(lines()), out));
  } catch (error) {
    await rows.cancel();
    throw error;
  }
  return rows.rowsRead;
}
