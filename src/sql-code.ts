// Shared by the query files' tools and the local gateway: which parts of SQL text are code.

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
