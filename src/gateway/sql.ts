/** Quotes an SQL identifier; every name that reaches DuckDB goes through here. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The schemas of catalog `svc` that hold tables the user makes: stored tables and BI tables. */
export type StoredSchema = 'table' | 'bitable';

export function qualified(schema: 'query' | 'mtquery' | StoredSchema | '_dgw', name: string): string {
  return `svc.${ident(schema)}.${ident(name)}`;
}

/** Strips trailing semicolons and whitespace so a statement can be embedded in DDL. */
export function trimStatement(sql: string): string {
  return sql.replace(/[\s;]+$/, '');
}

export const aType = (type: string): string => `${/^[AEIO]/i.test(type) ? 'an' : 'a'} ${type}`;
