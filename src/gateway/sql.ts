/** Quotes an SQL identifier; every name that reaches DuckDB goes through here. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Quotes an SQL string literal. */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** `svc.<schema>.<name>`, every part quoted. */
export function qualified(schema: 'query' | 'mtquery' | 'table' | '_dgw', name: string): string {
  return `svc.${ident(schema)}.${ident(name)}`;
}

/** Strips trailing semicolons and whitespace so a statement can be embedded in DDL. */
export function trimStatement(sql: string): string {
  return sql.replace(/[\s;]+$/, '');
}

/** A value as an SQL literal, for statements batched into one round trip without parameters. */
export function sqlValue(v: string | number | boolean | null): string {
  if (v === null) return 'NULL';
  if (typeof v === 'string') return literal(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return v ? 'true' : 'false';
}
