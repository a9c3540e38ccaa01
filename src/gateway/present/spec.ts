import type { Reply, RouteContext } from '../router.js';
import type { RefreshStatusView } from '../../api/types.js';
import type { ExecuteOutcome } from '../execute.js';
import type { ImportOutcome } from '../transfer/import-csv.js';
import type { ColumnInfo, FolderState, QueriesRead, TableInfo } from '../project/index.js';
import type { CacheRow, CacheRun, CacheState } from '../project/index.js';
import { cacheRecord, cacheStatusRecord, executionRecord } from './cache-records.js';
import { columnRecord, seedFolder, tableRecord } from './records.js';
import type { ApiShape } from './shape.js';
import { streamedJson } from './streamed.js';

/** The `spec` shape: the seed contract's answers where it gives them, the document's elsewhere, plus local extras. */
export class SpecPresenter {
  readonly shape: ApiShape = 'spec';
  /** Whose queries a folder's answer (Get Folder, a membership change) shows in full: the seed's folder holds ids only. */
  readonly folderQueries: QueriesRead = 'none';

  /** The answer to a delete, a cancel or a refresh: here the record it changed (a query, a key, a refresh's status). */
  changed(c: RouteContext, record: object): Reply {
    return c.json(record);
  }

  folderList(c: RouteContext, roots: FolderState[]): Reply {
    return c.json(roots.map(seedFolder));
  }

  folderCreated(c: RouteContext, f: FolderState): Reply {
    return c.json(seedFolder(f), 201);
  }

  folder(c: RouteContext, f: FolderState): Reply {
    return c.json(seedFolder(f));
  }

  /** After a rename or a move. */
  folderChanged(c: RouteContext, f: FolderState): Reply {
    return c.json(seedFolder(f));
  }

  folderDeleted(c: RouteContext, f: FolderState): Reply {
    return c.json(seedFolder(f));
  }

  folderTree(c: RouteContext, roots: FolderState[], withQueries: boolean): Reply {
    const node = (f: FolderState): object => ({ ...seedFolder(f), children: f.children.map(node), ...(withQueries ? { queries: f.queries } : {}) });
    return c.json({ tree: roots.map(node) });
  }

  /** Run SQL's answer, streamed as its rows come (see streamedJson). */
  executed(c: RouteContext, result: ExecuteOutcome): Reply {
    return c.body(streamedJson(`{"columns":${JSON.stringify(result.columns)},"data":[`, result.rows, ']}'));
  }

  statusView(c: RouteContext, view: RefreshStatusView): Reply {
    return c.json(view);
  }

  statusViews(c: RouteContext, views: RefreshStatusView[]): Reply {
    return c.json(views);
  }

  /** `isCached`: whether the project caches a table of this name. */
  tables(c: RouteContext, tables: TableInfo[], isCached: (name: string) => boolean): Reply {
    return c.json(tables.map((t) => tableRecord(t, isCached(t.name))));
  }

  tableCreated(c: RouteContext, table: TableInfo): Reply {
    return c.json(tableRecord(table));
  }

  /** After a table's delete or a column's drop the seed contract answers the stored table; it says nothing of BI tables, whose answer is the document's (none). */
  tableChanged(c: RouteContext, table: TableInfo): Reply {
    return table.schema === 'bitable' ? c.body(null, 200) : this.changed(c, tableRecord(table));
  }

  columns(c: RouteContext, columns: ColumnInfo[]): Reply {
    return c.json(columns.map(columnRecord));
  }

  /** An import that went in whole: the document's ImportJob, its row count in `result`. */
  imported(c: RouteContext, outcome: ImportOutcome): Reply {
    return c.json({ id: outcome.id, status: 'SUCCEEDED', startTime: outcome.startTime, endTime: outcome.endTime, progress: 100, result: { rowCount: outcome.rowCount } });
  }

  /** A cache's settings; this shape adds where SQL reads its copy and its incremental column. */
  cache(c: RouteContext, cache: CacheRow): Reply {
    return c.json(cacheRecord(cache, c.get('project').id, this.shape === 'spec'));
  }

  cachesCreated(c: RouteContext, outcomes: Array<{ cache?: CacheRow; error?: string }>): Reply {
    const projectId = c.get('project').id;
    const extras = this.shape === 'spec';
    return c.json(outcomes.map((o) => (o.cache ? { success: true, cache: cacheRecord(o.cache, projectId, extras) } : { success: false, error: o.error })));
  }

  cacheStatus(c: RouteContext, state: CacheState, withLogs: boolean): Reply {
    return c.json(cacheStatusRecord(state, c.get('project').id, withLogs));
  }

  cacheStatuses(c: RouteContext, states: CacheState[]): Reply {
    return c.json(states.map((s) => cacheStatusRecord(s, c.get('project').id, false)));
  }

  cacheDeleted(c: RouteContext, cache: CacheRow): Reply {
    return this.changed(c, cacheRecord(cache, c.get('project').id, true));
  }

  /** A run started: an object of objects, as the document says; this shape names the run. */
  cacheRunStarted(c: RouteContext, run: CacheRun): Reply {
    return c.json({ execution: executionRecord(run) });
  }

  cacheRunCancelled(c: RouteContext, state: CacheState): Reply {
    return this.changed(c, cacheStatusRecord(state, c.get('project').id, false));
  }

  cacheHistory(c: RouteContext, runs: CacheRun[]): Reply {
    return c.json(runs.map(executionRecord));
  }
}
