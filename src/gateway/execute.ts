import type { DuckDBResult } from '@duckdb/node-api';
import type { ResultColumn, ResultFormat } from '../api/types.js';
import { badRequest, notFound } from './errors.js';
import { checkStatementSize } from './limits.js';
import { refuseNul } from './project/check.js';
import type { ProjectStore } from './project/index.js';
import { withViews } from './project/views.js';
import { sourceProblem } from './project/connections.js';
import { withFailingViewReason } from './project/unreadable-file.js';
import { builderSql, type BuilderRequest } from './query-builder.js';
import { interruptible, keepTimeLimit, requestSignal } from './request-scope.js';
import { RowTexts } from './row-texts.js';
import type { StatementRows } from './sandbox/index.js';
import { ident, trimStatement } from './sql.js';
import { sqlCode } from '../sql-code.js';
import { withBuiltInCatalog, HOSTED_CATALOG } from './catalog-alias.js';

/** What to run: a statement, a saved query by id, an object by qualified name, or a builder request. */
export type ExecuteTarget = { statement: string } | { id: string } | { qualifiedName: string } | { builder: BuilderRequest };

/** What run SQL produced, before a shape presents it: the columns, and the rows as they come. */
export interface ExecuteOutcome {
  columns: ResultColumn[];
  rows: RowTexts;
}

const SCHEMAS = new Set(['query', 'mtquery', 'table', 'bitable']);

/** Run SQL: one statement judged and run by the sandbox; every row is answered, streamed a chunk at a time. */
export async function executeSql(project: ProjectStore, target: ExecuteTarget, format: ResultFormat): Promise<ExecuteOutcome> {
  const { sql, source } = await targetSql(project, target);
  const lease = await project.lease();
  const { conn } = lease;
  // The time limit holds until the last row was read, not only until the answer began.
  const letGo = keepTimeLimit();
  const finish = () => {
    lease.release();
    letGo();
  };
  let statement: StatementRows | undefined;
  try {
    return await interruptible(conn, async () => {
      statement = await withViews(project, () => project.sandbox.run(conn, sql));
      const columns = resultColumns(statement.result, source);
      const rows = await RowTexts.open(project.duck, conn, statement, columns, format, finish, requestSignal());
      // A stop cuts only rows still being read from DuckDB: a committed write's answer is written whole.
      if (!statement.held) lease.onStop((why) => rows.stop(why));
      return { columns, rows };
    });
  } catch (error) {
    await statement?.end();
    finish();
    // An object the name names that does not exist is not found, as an unknown id is.
    if ('qualifiedName' in target && /Catalog Error: (Table|View) with name .* does not exist/.test(error instanceof Error ? error.message : '')) {
      throw notFound(`${target.qualifiedName} not found: the project has no ${source?.schemaName === 'query' || source?.schemaName === 'mtquery' ? 'query' : 'table'} of that name`);
    }
    throw sourceProblem(project, await withFailingViewReason(project, sql, project.whyStopped(error)));
  }
}

/** A result's columns as run SQL answers them, named after the object its rows come from when there is one. */
export function resultColumns(result: DuckDBResult, source?: RowSource): ResultColumn[] {
  return result.columnNames().map((columnName, i) => ({
    catalogName: source ? 'svc' : null,
    schemaName: source?.schemaName ?? null,
    tableName: source?.tableName ?? null,
    columnName,
    dataType: String(result.columnType(i)),
  }));
}

/** Where run SQL's rows come from: the saved query, object or builder request a target names. */
export interface RowSource {
  schemaName: string;
  tableName: string;
}

/** The checked SQL a run-SQL target runs, and the object its rows come from when it names one. */
export async function targetSql(project: ProjectStore, target: ExecuteTarget): Promise<{ sql: string; source?: RowSource }> {
  let sql: string;
  let source: RowSource | undefined;
  if ('statement' in target) {
    sql = trimStatement(withBuiltInCatalog(target.statement));
    // Comments alone are no statement either; DuckDB would answer "Error in native callback".
    if (sqlCode(sql).replace(/[\s;]/g, '') === '') throw badRequest(sql.trim() === '' ? 'statement must not be empty' : 'statement holds only comments: there is nothing to run');
    refuseNul(target.statement, 'statement');
    checkStatementSize(target.statement, 'statement');
  } else if ('id' in target) {
    const q = await project.query(target.id);
    source = { schemaName: q.queryType === 'PLAIN' ? 'query' : 'mtquery', tableName: q.name };
    sql = `SELECT * FROM svc.${ident(source.schemaName)}.${ident(q.name)}`;
  } else if ('builder' in target) {
    for (const name of [target.builder.source.tableName, ...(target.builder.columns ?? []), ...target.builder.orderBy.map((o) => o.column)]) refuseNul(name, 'a name in the builder request');
    source = target.builder.source;
    sql = builderSql(target.builder);
  } else {
    refuseNul(target.qualifiedName, 'qualifiedName');
    const [catalog, schemaName, tableName] = parseQualifiedName(target.qualifiedName);
    if (catalog !== 'svc' && catalog !== HOSTED_CATALOG) throw notFound(`catalog ${catalog} not found; this project's built-in catalog is svc (peaka, as the hosted service calls it)`);
    if (!SCHEMAS.has(schemaName)) throw badRequest(`qualifiedName must name svc.query.<name>, svc.mtquery.<name>, svc.table.<name> or svc.bitable.<name>`);
    source = { schemaName, tableName };
    sql = `SELECT * FROM svc.${ident(schemaName)}.${ident(tableName)}`;
  }
  return { sql, source };
}

/** Splits `svc.query.name` (parts optionally double-quoted) into its three parts. */
export function parseQualifiedName(text: string): [string, string, string] {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"]|"")*)"|([^."\s]+))\s*(\.|$)/y;
  let m: RegExpExecArray | null;
  let last = 0;
  while (last < text.length && (m = re.exec(text))) {
    parts.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2].toLowerCase());
    last = re.lastIndex;
    if (m[3] === '') break;
  }
  if (last !== text.length || parts.length < 2 || parts.length > 3) {
    throw badRequest(`qualifiedName "${text}" must look like svc.query.<name>, svc.mtquery.<name>, svc.table.<name> or svc.bitable.<name>`);
  }
  return (parts.length === 2 ? ['svc', ...parts] : parts) as [string, string, string];
}
