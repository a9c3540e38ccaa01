import { isIdentifier, tokenize, type SqlToken } from './sql-tokens.js';

// Judged from the SQL's tokens, not what the engine binds: a bare column's table and SQL built at run time go unseen.

/** How a query's SQL reads a column of a stored table: by its name, or through `*`. */
export type ColumnRead = 'by-name' | 'star';

/** Whether `sql` names `<schema>.<table>` (a stored table unless told) and either names `column` (not as a function) or selects `*`. */
export function readsColumn(sql: string, table: string, column: string, schema = 'table'): ColumnRead | undefined {
  const tokens = tokenize(sql);
  const tableAt = chainEnds(tokens, [schema, table]);
  if (tableAt.length === 0) return undefined;
  const inTableName = new Set(tableAt);
  const wanted = column.toLowerCase();
  const named = tokens.some(
    (t, i) => isIdentifier(t) && !inTableName.has(i) && t.name.toLowerCase() === wanted && !isCall(tokens, i) && !followsDot(tokens, i, schema),
  );
  if (named) return 'by-name';
  return tokens.some((t, i) => t.kind === 'punct' && t.text === '*' && selectsStar(tokens, i)) ? 'star' : undefined;
}

/** Whether `sql` reads a saved query by its SQL name: `<catalog>.query.<name>` or `<catalog>.mtquery.<name>`. */
export function readsQuery(sql: string, name: string): boolean {
  return readsName(sql, ['query', 'mtquery'], name);
}

/** Whether `sql` names `<catalog>.<schema>.<name>` for one of `schemas` (`query`, `mtquery`, `table`). */
export function readsName(sql: string, schemas: readonly string[], name: string): boolean {
  const tokens = tokenize(sql);
  return schemas.some((schema) => chainEnds(tokens, [schema, name]).length > 0);
}

function chainEnds(tokens: SqlToken[], names: string[]): number[] {
  const out: number[] = [];
  const lower = names.map((n) => n.toLowerCase());
  for (let end = 0; end < tokens.length; end++) {
    let ok = true;
    for (let k = 0; k < lower.length && ok; k++) {
      const at = end - 2 * (lower.length - 1 - k);
      const token = tokens[at];
      ok = isIdentifier(token) && token.name.toLowerCase() === lower[k] && (k === 0 || (tokens[at - 1]?.kind === 'punct' && tokens[at - 1].text === '.'));
    }
    // The chain must not continue past its end (`table.orders.x` reads column x of orders, which the column check sees).
    if (ok) out.push(end);
  }
  return out;
}

function isCall(tokens: SqlToken[], i: number): boolean {
  const next = tokens[i + 1];
  return next?.kind === 'punct' && next.text === '(';
}

function followsDot(tokens: SqlToken[], i: number, word: string): boolean {
  const dot = tokens[i - 1];
  const before = tokens[i - 2];
  return dot?.kind === 'punct' && dot.text === '.' && isIdentifier(before) && before.name.toLowerCase() === word;
}

const STAR_AFTER = new Set(['select', 'distinct', 'all']);

/** A `*` that selects every column (`SELECT *`, `a, *`, `t.*`), not a product or `count(*)`. */
function selectsStar(tokens: SqlToken[], i: number): boolean {
  const before = tokens[i - 1];
  if (!before) return false;
  if (before.kind === 'punct') return before.text === ',' || before.text === '.';
  return before.kind === 'word' && STAR_AFTER.has(before.name.toLowerCase());
}
