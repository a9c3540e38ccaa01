import { sqlCode } from '../sql-code.js';

// DuckDB has no catalog alias, so SQL written for the hosted service's `peaka.query.x` is read as `svc.query.x` before binding; the stored text is kept as sent.

/** The hosted service's name of the built-in catalog. */
export const HOSTED_CATALOG = 'peaka';

/** A name `peaka.<schema>.<name>` (any part may be quoted) outside comments and strings, not part of a longer name. */
const ALIASED = /(?<![\w$."])("?)peaka\1(?=\s*\.\s*(?:"(?:[^"]|"")*"|[a-z_][\w$]*)\s*\.\s*(?:"(?:[^"]|"")*"|[a-z_][\w$]*))/gi;

/** The statement with each three-part name in catalog `peaka` naming `svc` instead; anything else untouched. */
export function withBuiltInCatalog(sql: string): string {
  if (!/peaka/i.test(sql)) return sql;
  let out = '';
  let from = 0;
  for (const match of sqlCode(sql).matchAll(ALIASED)) {
    out += `${sql.slice(from, match.index)}${match[1]}svc${match[1]}`;
    from = match.index + match[0].length;
  }
  return out + sql.slice(from);
}
