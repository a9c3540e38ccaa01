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

/** A JSON file's columns as read_json found them; null where the spelt read differed (read_json then finds them at each open). */
type JsonColumns = Array<{ name: string; type: string }> | null;

type Entry = { seen: string } & ({ dialect: Dialect } | { json: JsonColumns });

interface Kept {
  duckdb: string;
  files: Record<string, Entry>;
}

/** How a project's connected CSV and JSON files read, kept by each file's size and times: DuckDB samples such a file whenever SQL reading it is bound; the reading spelt out binds at once. */
export class KeptReaders {
  /** Read at the first CSV or JSON file: a project without one reads nothing at open. */
  private kept?: Record<string, Entry>;
  private readonly used: Record<string, Entry> = {};
  private changed = false;

  /** `file`: where they are kept (none for a project in memory); `duckdb`: the version that sniffed them. */
  constructor(
    private readonly file: string | undefined,
    private readonly duckdb: string,
  ) {}

  /** The table function call that reads `path` (a file's real path) as DuckDB's own detection would. */
  async reader(conn: DuckDBConnection, path: string, type: 'csv' | 'json'): Promise<string> {
    const seen = seenOf(path);
    this.kept ??= this.file === undefined ? {} : readKept(this.file, this.duckdb);
    let entry = this.kept[path];
    if (!entry || entry.seen !== seen || ('dialect' in entry) !== (type === 'csv')) {
      entry = type === 'csv' ? { seen, dialect: await sniff(conn, path) } : { seen, json: await jsonColumns(conn, path) };
      this.changed = true;
    }
    this.used[path] = entry;
    return 'dialect' in entry ? csvReader(path, entry.dialect) : jsonReader(path, entry.json);
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
function csvReader(path: string, d: Dialect): string {
  const text = (v: unknown) => literal(String(v));
  const options = [
    'auto_detect = false',
    `delim = ${text(d.delim)}`,
    `quote = ${text(d.quote)}`,
    `escape = ${text(d.escape)}`,
    `new_line = ${text(d.newLine)}`,
    `comment = ${text(d.comment)}`,
    `skip = ${Number.isSafeInteger(d.skip) && d.skip > 0 ? d.skip : 0}`,
    `header = ${d.header === true}`,
    columnList(d.columns),
    ...(d.dateFormat === null ? [] : [`dateformat = ${text(d.dateFormat)}`]),
    ...(d.timestampFormat === null ? [] : [`timestampformat = ${text(d.timestampFormat)}`]),
  ];
  return `read_csv(${literal(path)}, ${options.join(', ')})`;
}

/** Files of at most this many records: read_json infers from a sample of so many, and with columns given it drops a key it did not see. */
const JSON_SAMPLE = 20480;

/** read_json's columns, kept only for a file it saw whole and where reading them spelt out gives what detection gives (it does not say which date formats it found). */
async function jsonColumns(conn: DuckDBConnection, path: string): Promise<JsonColumns> {
  const auto = jsonReader(path, null);
  const found = await rows(conn, `DESCRIBE SELECT * FROM ${auto}`);
  const columns = found.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
  const spelt = jsonReader(path, columns);
  try {
    const [size] = await rows(conn, `SELECT count(*) AS n FROM (FROM ${spelt} LIMIT ${JSON_SAMPLE + 1})`);
    if (Number(size.n) > JSON_SAMPLE) return null;
    const [differ] = await rows(conn, `SELECT (SELECT count(*) FROM (FROM ${auto} EXCEPT ALL FROM ${spelt})) + (SELECT count(*) FROM (FROM ${spelt} EXCEPT ALL FROM ${auto})) AS n`);
    return Number(differ.n) === 0 ? columns : null;
  } catch {
    return null;
  }
}

function jsonReader(path: string, columns: JsonColumns): string {
  return `read_json(${literal(path)}${columns === null ? '' : `, ${columnList(columns)}`})`;
}

function columnList(columns: Array<{ name: string; type: string }>): string {
  return `columns = {${columns.map((c) => `${literal(String(c.name))}: ${literal(String(c.type))}`).join(', ')}}`;
}

/** The file types whose reading is kept: DuckDB samples them whenever SQL reading them is bound. */
export function isKeptType(type: string): type is 'csv' | 'json' {
  return type === 'csv' || type === 'json';
}
