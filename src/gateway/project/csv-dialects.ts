import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { literal } from '../sql.js';
import { rows } from './store.js';

/** How DuckDB's sniffer reads a CSV file, as `sniff_csv` tells it. */
interface Dialect {
  delim: string;
  quote: string;
  escape: string;
  newLine: string;
  comment: string;
  skip: number;
  header: boolean;
  columns: Array<{ name: string; type: string }>;
  dateFormat: string | null;
  timestampFormat: string | null;
}

interface Entry {
  seen: string;
  dialect: Dialect;
}

interface Kept {
  duckdb: string;
  files: Record<string, Entry>;
}

/**
 * The dialects of a project's connected CSV files, kept beside its database by each file's size and
 * times: DuckDB sniffs a CSV file whenever SQL reading it is bound; the dialect spelt out binds at once.
 */
export class CsvDialects {
  /** Read at the first CSV file: a project without one reads nothing at open. */
  private kept?: Record<string, Entry>;
  private readonly used: Record<string, Entry> = {};
  private changed = false;

  /** `file`: where they are kept (none for a project in memory); `duckdb`: the version that sniffed them. */
  constructor(
    private readonly file: string | undefined,
    private readonly duckdb: string,
  ) {}

  /** The table function call that reads `path` (a file's real path) as DuckDB's sniffer would. */
  async reader(conn: DuckDBConnection, path: string): Promise<string> {
    const seen = seenOf(path);
    this.kept ??= this.file === undefined ? {} : readKept(this.file, this.duckdb);
    let entry = this.kept[path];
    if (!entry || entry.seen !== seen) {
      entry = { seen, dialect: await sniff(conn, path) };
      this.changed = true;
    }
    this.used[path] = entry;
    return spelt(path, entry.dialect);
  }

  /** Writes what this open used, if anything changed: files no longer connected are forgotten at the next open that reads one. */
  save(): void {
    if (this.file === undefined || this.kept === undefined || (!this.changed && Object.keys(this.used).length === Object.keys(this.kept).length)) return;
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, JSON.stringify({ duckdb: this.duckdb, files: this.used } satisfies Kept), { mode: 0o600 });
      renameSync(temp, this.file);
    } catch {
      // Only a later open's speed depends on it; a full disk keeps no half-written file.
      rmSync(temp, { force: true });
    }
  }
}

function readKept(file: string, duckdb: string): Record<string, Entry> {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Kept;
    return kept.duckdb === duckdb && typeof kept.files === 'object' && kept.files !== null ? kept.files : {};
  } catch {
    return {};
  }
}

/** The file's size and times: a rewrite whose modification time was set back (rsync -t, cp -p) still moves its change time. */
export function seenOf(path: string): string {
  const s = statSync(path, { bigint: true, throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeNs}:${s.ctimeNs}` : 'gone';
}

async function sniff(conn: DuckDBConnection, path: string): Promise<Dialect> {
  const [found] = await rows(conn, 'SELECT Delimiter, Quote, Escape, NewLineDelimiter, Comment, SkipRows, HasHeader, Columns, DateFormat, TimestampFormat FROM sniff_csv($1)', [path]);
  // sniff_csv shows an option left empty as "(empty)".
  const text = (v: unknown) => (v === '(empty)' ? '' : String(v));
  return {
    delim: text(found.Delimiter),
    quote: text(found.Quote),
    escape: text(found.Escape),
    newLine: text(found.NewLineDelimiter),
    comment: text(found.Comment),
    skip: Number(found.SkipRows),
    header: found.HasHeader === true,
    columns: (found.Columns as Array<{ name: string; type: string }>).map(({ name, type }) => ({ name, type })),
    dateFormat: found.DateFormat === null ? null : String(found.DateFormat),
    timestampFormat: found.TimestampFormat === null ? null : String(found.TimestampFormat),
  };
}

/** `read_csv` with every option the sniffer chose, each a literal: names come from the file, which anyone may have written, and the kept file is read back. */
function spelt(path: string, d: Dialect): string {
  const text = (v: unknown) => literal(String(v));
  const columns = d.columns.map((c) => `${text(c.name)}: ${text(c.type)}`).join(', ');
  const options = [
    'auto_detect = false',
    `delim = ${text(d.delim)}`,
    `quote = ${text(d.quote)}`,
    `escape = ${text(d.escape)}`,
    `new_line = ${text(d.newLine)}`,
    `comment = ${text(d.comment)}`,
    `skip = ${Number.isSafeInteger(d.skip) && d.skip > 0 ? d.skip : 0}`,
    `header = ${d.header === true}`,
    `columns = {${columns}}`,
    ...(d.dateFormat === null ? [] : [`dateformat = ${text(d.dateFormat)}`]),
    ...(d.timestampFormat === null ? [] : [`timestampformat = ${text(d.timestampFormat)}`]),
  ];
  return `read_csv(${literal(path)}, ${options.join(', ')})`;
}
