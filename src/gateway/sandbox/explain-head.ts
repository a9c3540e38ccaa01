/** An `EXPLAIN` statement taken apart: its options, and the statement it explains. */
export interface ExplainParts {
  /** An ANALYZE option runs the statement whatever its value, as in DuckDB. */
  analyze: boolean;
  /** The FORMAT option, lower-cased, when given. */
  format?: string;
  /** The statement explained, as written. */
  inner: string;
}

const FORMATS = new Set(['text', 'json', 'html', 'graphviz', 'yaml']);

/** Takes apart an EXPLAIN as DuckDB reads it; the caller rebuilds what runs from these parts, so what runs is what was judged. */
export function explainParts(sql: string): ExplainParts | undefined {
  let i = skip(sql, 0);
  const word = (at: number) => /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(at))?.[0] ?? '';
  if (word(i).toUpperCase() !== 'EXPLAIN') return undefined;
  i = skip(sql, i + 'EXPLAIN'.length);
  let analyze = false;
  let format: string | undefined;
  const first = word(i).toUpperCase();
  if (first === 'ANALYZE' || first === 'ANALYSE') {
    analyze = true;
    i = skip(sql, i + first.length);
  } else if (sql[i] === '(') {
    // Options, unless it reads as none: then the parenthesis opens the statement, `EXPLAIN (SELECT 1)`.
    const options = readOptions(sql, i + 1);
    const names = options?.names.map((n) => n.toUpperCase()) ?? [];
    if (options && names.every((n) => n === 'ANALYZE' || n === 'ANALYSE' || n === 'FORMAT')) {
      names.forEach((name, k) => {
        if (name === 'FORMAT') format = options.values[k]?.toLowerCase() ?? '';
        else analyze = true;
      });
      if (format !== undefined && !FORMATS.has(format)) return undefined;
      i = skip(sql, options.end);
    }
  }
  const inner = sql.slice(i);
  return inner.trim() === '' ? undefined : { analyze, format, inner };
}

/** The EXPLAIN to run for `parts`: rebuilt, so that the statement explained is the one judged. */
export function rebuildExplain(parts: ExplainParts): string {
  const options = [parts.analyze ? 'ANALYZE' : '', parts.format ? `FORMAT ${parts.format}` : ''].filter(Boolean);
  return `EXPLAIN ${options.length > 0 ? `(${options.join(', ')})` : ''}\n${parts.inner}`;
}

function readOptions(sql: string, start: number): { names: string[]; values: Array<string | undefined>; end: number } | undefined {
  const names: string[] = [];
  const values: Array<string | undefined> = [];
  let i = skip(sql, start);
  for (;;) {
    const name = token(sql, i);
    if (!name) return undefined;
    i = skip(sql, name.end);
    let value: string | undefined;
    if (sql[i] !== ',' && sql[i] !== ')') {
      const v = token(sql, i);
      if (!v) return undefined;
      value = v.text;
      i = skip(sql, v.end);
    }
    names.push(name.text);
    values.push(value);
    if (sql[i] === ')') return { names, values, end: i + 1 };
    if (sql[i] !== ',') return undefined;
    i = skip(sql, i + 1);
  }
}

/** A word, a number, or a quoted string (a doubled quote inside stands for one) at `i`. */
function token(sql: string, i: number): { text: string; end: number } | undefined {
  const m = /^(?:[A-Za-z_][A-Za-z0-9_$]*|[0-9]+(?:\.[0-9]+)?|"(?:[^"]|"")*"(?!")|'(?:[^']|'')*'(?!'))/.exec(sql.slice(i));
  if (!m) return undefined;
  const quote = m[0][0];
  const text = quote === '"' || quote === "'" ? m[0].slice(1, -1).replaceAll(quote + quote, quote) : m[0];
  return { text, end: i + m[0].length };
}

function skip(sql: string, i: number): number {
  for (;;) {
    if (/\s/.test(sql[i] ?? '')) i++;
    else if (sql.startsWith('--', i)) {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (sql.startsWith('/*', i)) {
      let depth = 0;
      do {
        if (sql.startsWith('/*', i)) {
          depth++;
          i += 2;
        } else if (sql.startsWith('*/', i)) {
          depth--;
          i += 2;
        } else i++;
      } while (depth > 0 && i < sql.length);
    } else return i;
  }
}
