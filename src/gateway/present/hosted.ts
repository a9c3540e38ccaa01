import type { Reply, RouteContext } from '../router.js';
import type { RefreshStatusView } from '../../api/types.js';
import type { FolderState, QueriesRead } from '../project/index.js';
import { folderItem } from './records.js';
import { everyFolder } from '../project/folder-state.js';
import type { ExecuteOutcome } from '../execute.js';
import { SpecPresenter } from './spec.js';
import { streamedJson } from './streamed.js';
import type { ApiShape } from './shape.js';

/** The `hosted` shape: every answer exactly as the vendor's document gives it, nothing added. */
export class HostedPresenter extends SpecPresenter {
  override readonly shape: ApiShape = 'hosted';
  override readonly folderQueries: QueriesRead = 'own';

  /** The document answers a delete, a cancel or a refresh with no body. */
  override changed(c: RouteContext): Reply {
    return c.body(null, 200);
  }

  override folderList(c: RouteContext, roots: FolderState[]): Reply {
    return c.json({ items: roots.flatMap(everyFolder).map(folderItem) });
  }

  override folderCreated(c: RouteContext, f: FolderState): Reply {
    return c.json(folderItem(f), 201);
  }

  /** The folder with its subfolders and its own queries. */
  override folder(c: RouteContext, f: FolderState): Reply {
    return c.json({ ...folderItem(f), folders: f.children.map(folderItem), queries: f.queries });
  }

  override folderChanged(c: RouteContext, f: FolderState): Reply {
    return c.json(folderItem(f));
  }

  override folderDeleted(c: RouteContext): Reply {
    return c.body(null, 204);
  }

  override folderTree(c: RouteContext, roots: FolderState[], withQueries: boolean): Reply {
    const node = (f: FolderState): object => ({ id: f.id, name: f.name, path: f.path, children: f.children.map(node), ...(withQueries ? { queries: f.queries } : {}) });
    return c.json({ tree: roots.map(node) });
  }

  override executed(c: RouteContext, result: ExecuteOutcome): Reply {
    const columns = result.columns.map(({ dataType: _type, ...column }) => column);
    return c.body(streamedJson(`{"columns":${JSON.stringify(columns)},"data":[`, result.rows, ']}'));
  }

  override statusView(c: RouteContext, view: RefreshStatusView): Reply {
    return c.json(documented(view));
  }

  override statusViews(c: RouteContext, views: RefreshStatusView[]): Reply {
    return c.json(views.map(documented));
  }

  override cacheRunStarted(c: RouteContext): Reply {
    return c.json({});
  }
}

function documented({ message: _message, ...view }: RefreshStatusView): RefreshStatusView {
  return view;
}
