import type { ColumnDetail, Folder, FolderItem, StoredTable } from '../../api/types.js';
import type { ColumnInfo, FolderState, TableInfo } from '../project/index.js';
import { BUILT_IN_CATALOGS, INTERNAL_CATALOG_ID } from '../routes/catalogs.js';

const internal = BUILT_IN_CATALOGS.find((c) => c.id === INTERNAL_CATALOG_ID)!;

/** A stored table as the document's `Table`: any can be cached, fully or by a column's last value. */
export function tableRecord(t: TableInfo, isCached = false): StoredTable {
  return {
    catalogId: internal.id,
    catalogName: internal.name,
    schemaName: t.schema,
    tableName: t.name,
    isCacheable: true,
    isDynamicTable: false,
    isCached,
    supportedCacheTypes: ['FULL_REFRESH', 'INCREMENTAL'],
  };
}

/** A column as the document's `ColumnDetail`; types are lower-case, as its example shows them. */
export function columnRecord(c: ColumnInfo): ColumnDetail {
  return { name: c.name, dataType: c.dataType.toLowerCase(), displayName: c.name, defaultValue: c.defaultValue, isNotNull: c.notNull, isUnique: c.unique };
}

/** The seed contract's Folder: epoch-millisecond times, children nested, the ids of its queries. */
export function seedFolder(f: FolderState): Folder {
  return { id: f.id, name: f.name, createdAt: f.createdAt, modifiedAt: f.modifiedAt, children: f.children.map(seedFolder), queryIds: f.queryIds };
}

/** The document's QueryFolderItem: full path, parent (null at the root), ISO time. */
export function folderItem(f: FolderState): FolderItem {
  return { id: f.id, name: f.name, path: f.path, parentId: f.parentId, createdAt: new Date(f.createdAt).toISOString() };
}
