import { csvLine } from '../../output/csv.js';
import { badRequest } from '../errors.js';
import type { ColumnInfo, ProjectStore } from '../project/index.js';
import { rows } from '../project/index.js';
import { table as readTable } from '../project/tables.js';
import { ident, qualified } from '../sql.js';

const SAMPLE_ROWS = 3;

/** Get Sample CSV: the column names and the first rows, or made-up values of each type so an import file can be written after it. */
export async function sampleCsv(project: ProjectStore, tableName: string): Promise<string> {
  const table = await readTable(project, tableName);
  if (table.columns.length === 0) throw badRequest(`table ${table.name} has no columns yet: there is nothing to show`);
  const names = table.columns.map((c) => c.name);
  const stored = await project.withConnection((conn) =>
    rows(conn, `SELECT ${table.columns.map((c, i) => `CAST(${ident(c.name)} AS VARCHAR) AS ${ident(`c${i}`)}`).join(', ')} FROM ${qualified('table', table.name)} LIMIT ${SAMPLE_ROWS}`),
  );
  const values = stored.length > 0 ? stored.map((r) => names.map((_, i) => r[`c${i}`] ?? null)) : [1, 2, 3].map((n) => table.columns.map((c) => example(c, n)));
  return `${[csvLine(names), ...values.map((v) => csvLine(v))].join('\n')}\n`;
}

function example(column: ColumnInfo, n: number): string | null {
  const type = column.dataType.toUpperCase();
  // A list, struct, map, union or enum gets no made-up value: its field is left empty (NULL), so the template still imports.
  if (/\]$|^(STRUCT|MAP|UNION|ENUM)\b/.test(type)) return null;
  if (/^U?TINYINT$/.test(type)) return String(n * 10 + 7);
  if (/^U?(BIGINT|INTEGER|SMALLINT|HUGEINT)$|^(BIGNUM|VARINT)$/.test(type)) return String(n * 1000 + 17);
  const decimal = /^DECIMAL\((\d+),(\d+)\)$/.exec(type);
  if (decimal) {
    const whole = Number(decimal[1]) - Number(decimal[2]);
    return `${whole >= 3 ? n * 100 + 12 : whole >= 1 ? n : 0}${decimal[2] === '0' ? '' : '.5'}`;
  }
  if (type === 'DOUBLE' || type === 'FLOAT') return `${n * 100 + 12}.5`;
  if (type === 'BOOLEAN') return n % 2 ? 'true' : 'false';
  if (type === 'DATE') return `2026-01-0${n}`;
  if (type.startsWith('TIMESTAMP')) return `2026-01-0${n} 12:30:00`;
  if (type.startsWith('TIME')) return `12:3${n}:00`;
  if (type === 'UUID') return `00000000-0000-4000-8000-00000000000${n}`;
  if (type === 'INTERVAL') return `${n} day`;
  if (type === 'JSON') return `"sample text ${n}"`;
  if (type === 'BIT') return '101';
  return `sample text ${n}`;
}
