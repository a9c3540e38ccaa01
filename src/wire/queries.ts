import Type from 'typebox';
import { Closed, Maybe, Nullable, Opt } from './common.js';

/** `PLAIN` (a view) or `MATERIALIZED` (a stored result). */
export const QueryType = Type.Union([Type.Literal('PLAIN'), Type.Literal('MATERIALIZED')]);

/** A materialized query's schedule: an interval, a cron expression with a time zone, or none. */
export const MaterializedQuerySchedule = Closed({
  type: Opt(Type.Union([Type.Literal('interval'), Type.Literal('cron'), Type.Literal('none')])),
  cronExpression: Maybe(Type.String()),
  repeatDuration: Maybe(Type.String()),
  timezone: Maybe(Type.String()),
});

/** Body of create and update query. */
export const QueryRequest = Closed({
  displayName: Opt(Type.String()),
  inputQuery: Maybe(Type.String()),
  queryType: Opt(QueryType),
  schedule: Maybe(MaterializedQuerySchedule),
  inputQueryRefId: Maybe(Type.String()),
  path: Maybe(Type.String()),
});

/** A saved query. */
export const Query = Closed({
  id: Opt(Type.String()),
  displayName: Opt(Type.String()),
  name: Opt(Type.String()),
  inputQuery: Opt(Type.String()),
  queryType: Opt(QueryType),
  schedule: Maybe(MaterializedQuerySchedule),
  path: Maybe(Type.String()),
  folderId: Maybe(Type.String()),
});

/** Body of a move: the new folder path (of a query, or of a folder itself). */
export const QueryPathUpdateRequest = Closed({ path: Opt(Type.String()) });

/** Result formats of run SQL. */
export const ExecuteFormat = Type.Union([Type.Literal('CELL_TYPED'), Type.Literal('SIMPLE'), Type.Literal('COMPACT')]);

/** A table a query-builder request reads. */
export const TableForQuery = Closed({ catalogId: Opt(Type.String()), catalogName: Opt(Type.String()), schemaName: Opt(Type.String()), tableName: Opt(Type.String()) });

/** Run SQL through the query builder: columns, tables, filters, order, paging. */
export const QueryExecuteRequest = Closed({
  columns: Maybe(Type.Array(Type.String())),
  from: Opt(Type.Array(TableForQuery)),
  limit: Maybe(Type.Integer()),
  offset: Maybe(Type.Integer()),
  orderBy: Maybe(Type.Array(Type.String())),
  filters: Maybe(Type.Object({})),
  timeout: Opt(Type.Integer()),
});

/** Run a saved query by its id. */
export const QueryExecuteRequestId = Closed({ id: Opt(Type.String()), timeout: Opt(Type.Integer()) });

/** Run a table or query by its qualified name (`catalog.schema.name`). */
export const QueryExecuteRequestName = Closed({ qualifiedName: Opt(Type.String()), timeout: Opt(Type.Integer()) });

/** Run one SQL statement, with optional bound arguments. */
export const QueryExecuteRequestStatement = Closed({ statement: Opt(Type.String()), bindings: Opt(Type.Array(Type.String())), timeout: Opt(Type.Integer()) });

/** The body of run SQL: one of the four ways the document allows. */
export const ExecuteRequestBody = Type.Union([QueryExecuteRequest, QueryExecuteRequestId, QueryExecuteRequestName, QueryExecuteRequestStatement]);

/** A column of a run-SQL result; the parts of its source are null for computed columns. */
export const ResultColumn = Closed({
  catalogName: Nullable(Type.String()),
  schemaName: Nullable(Type.String()),
  tableName: Nullable(Type.String()),
  columnName: Type.String(),
});

/** One cell of a `CELL_TYPED` result. */
export const TypedCell = Closed({
  name: Type.String(),
  displayName: Type.String(),
  dataType: Type.String(),
  order: Type.Integer(),
  value: Type.Unknown(),
});

/** The answer of run SQL in one format: `data` holds typed cells, row objects or row arrays. */
export function ExecuteResult(format: 'CELL_TYPED' | 'SIMPLE' | 'COMPACT') {
  const row =
    format === 'CELL_TYPED' ? Type.Array(TypedCell) : format === 'SIMPLE' ? Type.Record(Type.String(), Type.Unknown()) : Type.Array(Type.Unknown());
  return Closed({ columns: Type.Array(ResultColumn), data: Type.Array(row) });
}
