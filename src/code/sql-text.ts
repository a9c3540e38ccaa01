import { tokenize } from '../impact/sql-tokens.js';

/**
 * The SQL text in the form files and the project are compared in, and sent in: line ends are LF,
 * a byte-order mark is dropped, and leading blank space and trailing blank space and semicolons
 * are trimmed (the service keeps what it is sent, the local gateway trims the end; neither is a
 * difference a person made). Nothing inside the statement changes.
 */
export function canonicalSql(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\s;]+$/, '')
    .replace(/^\s+/, '');
}

/**
 * The SQL with its comments and string literals blanked out (each character of them becomes a
 * space, line ends stay), so that what is left is keywords, identifiers and punctuation.
 * Double-quoted identifiers are kept.
 */
export function sqlCode(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    let end = -1;
    if (c === '-' && next === '-') {
      end = sql.indexOf('\n', i);
      if (end < 0) end = sql.length;
    } else if (c === '/' && next === '*') {
      end = sql.indexOf('*/', i + 2);
      end = end < 0 ? sql.length : end + 2;
    } else if (c === "'") {
      end = i + 1;
      for (;;) {
        const close = sql.indexOf("'", end);
        if (close < 0) {
          end = sql.length;
          break;
        }
        // '' inside a literal is an escaped quote.
        if (sql[close + 1] === "'") end = close + 2;
        else {
          end = close + 1;
          break;
        }
      }
    }
    if (end < 0) {
      out += c;
      i += 1;
      continue;
    }
    out += sql.slice(i, end).replace(/[^\n]/g, ' ');
    i = end;
  }
  return out;
}

/** True when the SQL holds no statement: only blanks, comments and semicolons. */
export function isBlankSql(sql: string): boolean {
  return sqlCode(sql).replace(/[\s;]/g, '') === '';
}

/**
 * Where a second statement starts (the offset of its first character), when the SQL holds one
 * after a `;` outside comments, literals and quoted names; undefined for one statement.
 */
export function secondStatementOffset(sql: string): number | undefined {
  let ended = false;
  for (const token of tokenize(sql)) {
    if (token.kind === 'punct' && token.text === ';') ended = true;
    else if (ended) return token.at;
  }
  return undefined;
}

/**
 * The SQL names of saved queries a statement reads, as `<catalog>.query.<name>` or
 * `<catalog>.mtquery.<name>` (quoted or not), outside comments and literals. Used only to order
 * changes (a query is created before one that reads it), so a name it misses costs nothing but order.
 */
export function referencedQueryNames(sql: string): Set<string> {
  const names = new Set<string>();
  const pattern = /(?:^|[^\w"])"?(?:query|mtquery)"?\s*\.\s*"?([a-z0-9_]+)"?(?![\w])/gi;
  for (const match of sqlCode(sql).matchAll(pattern)) names.add(match[1].toLowerCase());
  return names;
}
