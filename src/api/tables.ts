import type { Http } from './http.js';
import { apiPath } from './path.js';
import { flag, idOf, object, objects, readAnswer, text, textOrNull } from './read.js';
import type { ColumnRecord, ColumnRequest, StoredTable } from './types.js';

/** The operations of one kind of table: stored tables (`/table`) and BI tables (`/bitable`) have the same shapes in the document. */
function tableOperations(kind: 'table' | 'bitable', tables: string) {
  const table = (projectId: string, tableName: string) => apiPath`/data/projects/${projectId}/${kind}/${tableName}`;
  const column = (projectId: string, tableName: string, columnName: string) => apiPath`/data/projects/${projectId}/${kind}/${tableName}/columns/${columnName}`;
  return {
    async list(http: Http, projectId: string): Promise<StoredTable[]> {
      return objects(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/${kind}` }), tables).map(readTable);
    },

    async listColumns(http: Http, projectId: string, tableName: string): Promise<ColumnRecord[]> {
      return objects(await http.request({ method: 'GET', path: `${table(projectId, tableName)}/columns` }), 'columns').map(readColumn);
    },

    /** `POST .../{kind}/{tableName}` with no body (columns are added next). */
    async create(http: Http, projectId: string, tableName: string): Promise<StoredTable | undefined> {
      return readAnswer(await http.request({ method: 'POST', path: table(projectId, tableName), expect: 'optional-json' }), readTable);
    },

    /** Adds columns, sent as an array of ColumnRequest (as the document's example does); answers the columns. */
    async addColumns(http: Http, projectId: string, tableName: string, columns: ColumnRequest[]): Promise<ColumnRecord[]> {
      const body = await http.request({ method: 'POST', path: `${table(projectId, tableName)}/columns`, body: columns, expect: 'optional-json' });
      return objects(body, 'columns').map(readColumn);
    },

    /** Update Column: one ColumnRequest with the fields to change; answers the table's columns as they are now. */
    async updateColumn(http: Http, projectId: string, tableName: string, columnName: string, change: ColumnRequest): Promise<ColumnRecord[]> {
      const body = await http.request({ method: 'PUT', path: column(projectId, tableName, columnName), body: change, expect: 'optional-json' });
      return objects(body ?? [], 'columns').map(readColumn);
    },

    delete(http: Http, projectId: string, tableName: string): Promise<void> {
      return http.request({ method: 'DELETE', path: table(projectId, tableName), expect: 'none' });
    },

    dropColumn(http: Http, projectId: string, tableName: string, columnName: string): Promise<void> {
      return http.request({ method: 'DELETE', path: column(projectId, tableName, columnName), expect: 'none' });
    },
  };
}

export const { list: listTables, listColumns, create: createTable, addColumns, updateColumn, delete: deleteTable, dropColumn } = tableOperations('table', 'tables');

export const {
  list: listBiTables,
  listColumns: listBiColumns,
  create: createBiTable,
  addColumns: addBiColumns,
  updateColumn: updateBiColumn,
  delete: deleteBiTable,
  dropColumn: deleteBiColumn,
} = tableOperations('bitable', 'BI tables');

/** A stored table with every field; the local gateway's earlier `{name, columns}` still reads. */
export function readTable(value: unknown): StoredTable {
  const t = object(value, 'a table');
  return {
    catalogId: text(t.catalogId),
    catalogName: text(t.catalogName),
    schemaName: text(t.schemaName, 'table'),
    tableName: idOf({ id: t.tableName ?? t.name }, 'a table'),
    supportedCacheTypes: Array.isArray(t.supportedCacheTypes) ? t.supportedCacheTypes.map((x) => text(x)) : [],
    isCacheable: flag(t.isCacheable),
    isDynamicTable: flag(t.isDynamicTable),
    isCached: flag(t.isCached),
  };
}

/** A column with every field of the document's `ColumnDetail` (null where none was sent); `{name, dataType}` alone reads too. */
export function readColumn(value: unknown): ColumnRecord {
  const c = object(value, 'a column');
  return {
    id: typeof c.id === 'string' ? c.id : null,
    name: text(c.name),
    dataType: text(c.dataType),
    displayName: text(c.displayName, text(c.name)),
    defaultValue: textOrNull(c.defaultValue),
    isNotNull: flag(c.isNotNull),
    isUnique: flag(c.isUnique),
    desc: textOrNull(c.desc),
  };
}
