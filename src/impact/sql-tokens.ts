// A small tokenizer of DuckDB and Trino SQL, enough to tell identifiers from literals and comments; what it does not understand is punctuation, never an error.

/** One token: its kind, its text as written, and for identifiers the name it stands for; `at`: where it starts. */
export type SqlToken = (
  | { kind: 'word'; text: string; name: string }
  | { kind: 'quoted'; text: string; name: string }
  | { kind: 'string'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'punct'; text: string }
) & { at?: number };

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/** The tokens of `sql`, comments and whitespace left out. */
export function tokenize(sql: string): SqlToken[] {
  const found: SqlToken[] = [];
  let i = 0;
  const tokens = { push: (token: SqlToken) => found.push({ ...token, at: i }) };
  const n = sql.length;
  while (i < n) {
    const c = sql[i];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      i = blockCommentEnd(sql, i);
    } else if (c === "'" || ((c === 'e' || c === 'E') && sql[i + 1] === "'")) {
      const escapes = c !== "'";
      const end = quotedEnd(sql, escapes ? i + 1 : i, "'", escapes);
      tokens.push({ kind: 'string', text: sql.slice(i, end) });
      i = end;
    } else if (c === '"') {
      const end = quotedEnd(sql, i, '"', false);
      const text = sql.slice(i, end);
      tokens.push({ kind: 'quoted', text, name: text.slice(1, text.endsWith('"') && text.length > 1 ? -1 : undefined).replace(/""/g, '"') });
      i = end;
    } else if (c === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i))) {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))![0];
      const close = sql.indexOf(tag, i + tag.length);
      const end = close < 0 ? n : close + tag.length;
      tokens.push({ kind: 'string', text: sql.slice(i, end) });
      i = end;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      const m = /^(\d*\.?\d+|\d+\.)([eE][+-]?\d+)?/.exec(sql.slice(i))!;
      tokens.push({ kind: 'number', text: m[0] });
      i += m[0].length;
    } else if (WORD_START.test(c)) {
      let end = i + 1;
      while (end < n && WORD_PART.test(sql[end])) end += 1;
      const text = sql.slice(i, end);
      tokens.push({ kind: 'word', text, name: text });
      i = end;
    } else {
      tokens.push({ kind: 'punct', text: c });
      i += 1;
    }
  }
  return found;
}

function quotedEnd(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    if (backslashEscapes && sql[i] === '\\') {
      i += 2;
    } else if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return sql.length;
}

/** Block comments nest, as in PostgreSQL. */
function blockCommentEnd(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth += 1;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  return sql.length;
}

/** True for a token that names something: a word or a quoted identifier. */
export function isIdentifier(token: SqlToken | undefined): token is Extract<SqlToken, { kind: 'word' | 'quoted' }> {
  return token?.kind === 'word' || token?.kind === 'quoted';
}
