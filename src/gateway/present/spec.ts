import type { Context } from 'hono';
import type { Query, RefreshStatusView, WireApiKey } from '../../api/types.js';
import type { ExecuteOutcome } from '../execute.js';
import type { ImportOutcome } from '../transfer/import-csv.js';
import type { ColumnInfo, FolderState, TableInfo } from '../project/index.js';
import { columnRecord, seedFolder, tableRecord } from './records.js';
import type { ApiShape } from './shape.js';
import { streamedJson } from './streamed.js';

export type { ExecuteOutcome } from '../execute.js';

/**
 * The `spec` shape: the seed contract's answers where it gives them (folders as its nested
 * Folder with epoch times, folder delete 200 with the folder), the document's elsewhere, and the
 * local gateway's extras where the seed leaves a body unsaid (the status view after a refresh,
 * the deleted record after a delete, `message`, column types). Routes hand every
 * result here; `HostedPresenter` overrides what the hosted service answers differently.
 */
export class SpecPresenter {
  readonly shape: ApiShape = 'spec';

  folderList(c: Context, roots: FolderState[]): Response {
    return c.json(roots.map(seedFolder));
  }

  folderCreated(c: Context, f: FolderState): Response {
    return c.json(seedFolder(f), 201);
  }

  folder(c: Context, f: FolderState): Response {
    return c.json(seedFolder(f));
  }

  folderMembership(c: Context, f: FolderState): Response {
    return c.json(seedFolder(f));
  }

  /** After a rename or a move. */
  folderChanged(c: Context, f: FolderState): Response {
    return c.json(seedFolder(f));
  }

  folderDeleted(c: Context, f: FolderState): Response {
    return c.json(seedFolder(f));
  }

  folderTree(c: Context, roots: FolderState[], withQueries: boolean): Response {
    const node = (f: FolderState): object => ({ ...seedFolder(f), children: f.children.map(node), ...(withQueries ? { queries: f.queries } : {}) });
    return c.json({ tree: roots.map(node) });
  }

  queryDeleted(c: Context, q: Query): Response {
    return c.json(q);
  }

  /** Run SQL's answer, streamed as its rows come (see streamedJson). */
  executed(c: Context, result: ExecuteOutcome): Response {
    return streamedJson(c, `{"columns":${JSON.stringify(result.columns)},"data":[`, result.rows, ']}');
  }

  statusView(c: Context, view: RefreshStatusView): Response {
    return c.json(view);
  }

  statusViews(c: Context, views: RefreshStatusView[]): Response {
    return c.json(views);
  }

  refreshStarted(c: Context, view: RefreshStatusView): Response {
    return c.json(view);
  }

  refreshCancelled(c: Context, view: RefreshStatusView): Response {
    return c.json(view);
  }

  tables(c: Context, tables: TableInfo[]): Response {
    return c.json(tables.map(tableRecord));
  }

  tableCreated(c: Context, table: TableInfo): Response {
    return c.json(tableRecord(table));
  }

  tableDeleted(c: Context, table: TableInfo): Response {
    return c.json(tableRecord(table));
  }

  columns(c: Context, columns: ColumnInfo[]): Response {
    return c.json(columns.map(columnRecord));
  }

  columnDropped(c: Context, table: TableInfo): Response {
    return c.json(tableRecord(table));
  }

  /** An import that went in whole: the document's ImportJob, its row count in `result`. */
  imported(c: Context, outcome: ImportOutcome): Response {
    return c.json({ id: outcome.id, status: 'SUCCEEDED', startTime: outcome.startTime, endTime: outcome.endTime, progress: 100, result: { rowCount: outcome.rowCount } });
  }

  keyDeleted(c: Context, key: WireApiKey): Response {
    return c.json(key);
  }
}
