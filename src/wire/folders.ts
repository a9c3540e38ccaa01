import Type from 'typebox';
import { Closed, Maybe, Opt } from './common.js';
import { Query } from './queries.js';

/** A folder as the document lists it: its full path, its parent (null at the root), an ISO time. */
export const QueryFolderItem = Closed({
  id: Opt(Type.String()),
  name: Opt(Type.String()),
  path: Opt(Type.String()),
  parentId: Maybe(Type.String()),
  createdAt: Opt(Type.String()),
});

/** The folder list: `{items: [...]}`, flat. */
export const QueryFolderListResponse = Closed({ items: Opt(Type.Array(QueryFolderItem)) });

/** One folder with its direct subfolders and its queries. */
export const QueryFolderWithContentsResponse = Closed({
  ...QueryFolderItem.properties,
  folders: Opt(Type.Array(QueryFolderItem)),
  queries: Opt(Type.Array(Query)),
});

/** A node of the folder tree; `queries` only when they were asked for. */
export const QueryFolderTreeNode = Type.Cyclic(
  {
    QueryFolderTreeNode: Closed({
      id: Opt(Type.String()),
      name: Opt(Type.String()),
      path: Opt(Type.String()),
      children: Opt(Type.Array(Type.Ref('QueryFolderTreeNode'))),
      queries: Opt(Type.Array(Query)),
    }),
  },
  'QueryFolderTreeNode',
);

/** The folder tree: its root-level nodes. */
export const QueryFolderTreeResponse = Closed({ tree: Opt(Type.Array(QueryFolderTreeNode)) });

/** Body of folder create; the name may be a nested path (`a/b`). */
export const QueryFolderCreateRequest = Closed({ folderName: Opt(Type.String()) });

/** Body of folder rename. */
export const QueryFolderRenameRequest = Closed({ name: Type.String() });

/** Body of the folder membership update; the service wants both lists, possibly empty. */
export const QueryFolderUpdateRequest = Closed({
  queryIdsAdded: Type.Array(Type.String()),
  queryIdsRemoved: Type.Array(Type.String()),
});

/** A folder in the seed contract's shape (gateway-api.md 2.4), as the local gateway's `spec` shape answers. */
export const SeedFolder = Type.Cyclic(
  {
    SeedFolder: Closed({
      id: Type.String(),
      name: Type.String(),
      createdAt: Type.Number(),
      modifiedAt: Type.Number(),
      children: Type.Array(Type.Ref('SeedFolder')),
      queryIds: Type.Array(Type.String()),
      queries: Opt(Type.Array(Query)),
    }),
  },
  'SeedFolder',
);
