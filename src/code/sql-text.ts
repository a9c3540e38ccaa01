import { tokenize } from '../impact/sql-tokens.js';

/** SQL as compared and sent: LF line ends, no byte-order mark, blanks and trailing semicolons trimmed. */
export function canonicalSql(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\s;]+$/, '')
    .replace(/^\s+/, '');
}

/** The SQL with comments and string literals blanked to spaces (line ends kept), double-quoted identifiers kept. */
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

/** Where a second statement starts, after a `;` outside comments, literals and quoted names; undefined for one. */
export function secondStatementOffset(sql: string): number | undefined {
  let ended = false;
  for (const token of tokenize(sql)) {
    if (token.kind === 'punct' && token.text === ';') ended = true;
    else if (ended) return token.at;
  }
  return undefined;
}

/** Names of saved queries a statement reads; used only to order changes, so a miss costs nothing but order. */
export function referencedQueryNames(sql: string): Set<string> {
  const names = new Set<string>();
  const pattern = /(?:^|[^\w"])"?(?:query|mtquery)"?\s*\.\s*"?([a-z0-9_]+)"?(?![\w])/gi;
  for (const match of sqlCode(sql).matchAll(pattern)) names.add(match[1].toLowerCase());
  return names;
}
