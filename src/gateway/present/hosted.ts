import type { Context } from 'hono';
import type { RefreshStatusView } from '../../api/types.js';
import type { FolderState, TableInfo } from '../project/index.js';
import { allFolders, folderItem } from './records.js';
import { SpecPresenter, type ExecuteOutcome } from './spec.js';
import { streamedJson } from './streamed.js';
import type { ApiShape } from './shape.js';

/**
 * The `hosted` shape: every answer as the vendor's document gives it. Folders are QueryFolderItem
 * (`{items: [...]}` for the list, ISO times, path and parent), one folder comes with its `folders`
 * and `queries`, a folder delete is 204 with no body; the operations the document answers with no
 * body (query delete, refresh, cancel, table and column delete, key delete) send none; nothing the
 * document does not name is added.
 */
export class HostedPresenter extends SpecPresenter {
  override readonly shape: ApiShape = 'hosted';

  override folderList(c: Context, roots: FolderState[]): Response {
    return c.json({ items: allFolders(roots).map(folderItem) });
  }

  override folderCreated(c: Context, f: FolderState): Response {
    return c.json(folderItem(f), 201);
  }

  override folder(c: Context, f: FolderState): Response {
    return c.json(withContents(f));
  }

  override folderMembership(c: Context, f: FolderState): Response {
    return c.json(withContents(f));
  }

  override folderChanged(c: Context, f: FolderState): Response {
    return c.json(folderItem(f));
  }

  override folderDeleted(c: Context): Response {
    return c.body(null, 204);
  }

  override folderTree(c: Context, roots: FolderState[], withQueries: boolean): Response {
    const node = (f: FolderState): object => ({ id: f.id, name: f.name, path: f.path, children: f.children.map(node), ...(withQueries ? { queries: f.queries } : {}) });
    return c.json({ tree: roots.map(node) });
  }

  override queryDeleted(c: Context): Response {
    return c.body(null, 200);
  }

  override executed(c: Context, result: ExecuteOutcome): Response {
    const columns = result.columns.map(({ dataType: _type, ...column }) => column);
    return streamedJson(c, `{"columns":${JSON.stringify(columns)},"data":[`, result.rows, ']}');
  }

  override statusView(c: Context, view: RefreshStatusView): Response {
    return c.json(documented(view));
  }

  override statusViews(c: Context, views: RefreshStatusView[]): Response {
    return c.json(views.map(documented));
  }

  override refreshStarted(c: Context): Response {
    return c.body(null, 200);
  }

  override refreshCancelled(c: Context): Response {
    return c.body(null, 200);
  }

  override tableDeleted(c: Context): Response {
    return c.body(null, 200);
  }

  override columnDropped(c: Context, _table: TableInfo): Response {
    return c.body(null, 200);
  }

  override keyDeleted(c: Context): Response {
    return c.body(null, 200);
  }
}

function withContents(f: FolderState): object {
  return { ...folderItem(f), folders: f.children.map(folderItem), queries: f.queries };
}

/** The status view without the local gateway's `message`. */
function documented({ message: _message, ...view }: RefreshStatusView): RefreshStatusView {
  return view;
}
