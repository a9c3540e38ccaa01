// Shared by the query files' tools and the local gateway: which parts of SQL text are code.

/** A `--` comment to its line end, a block comment, or a string literal ('' inside is an escaped quote; also E'\'' and $tag$...$tag$); unclosed, each runs to the end. */
const NOT_CODE = /--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|(?<![\w$])[eE]'(?:[^'\\]|\\[\s\S]|'')*(?:'|$)|'(?:[^']|'')*(?:'|$)|(?<![\w$])\$([A-Za-z_]\w*)?\$[\s\S]*?(?:\$\1\$|$)/g;

/** The SQL with comments and string literals blanked to spaces (line ends kept), double-quoted identifiers kept. */
export function sqlCode(sql: string): string {
  return sql.replace(NOT_CODE, (part) => part.replace(/[^\n]/g, ' '));
}
