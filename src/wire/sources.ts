import Type from 'typebox';
import { Closed, Maybe, Opt } from './common.js';

// Connections and the browsing of catalogs (tags Connections and Data -- Catalogs).

/** A connection as the service shows it: never its credentials. */
export const Connection = Closed({
  id: Opt(Type.String()),
  name: Opt(Type.String()),
  type: Opt(Type.String()),
  url: Maybe(Type.String()),
});

/** Body of create and update connection; `credential` holds the type's fields, secrets included. */
export const ConnectionRequest = Closed({
  name: Opt(Type.String()),
  type: Opt(Type.String()),
  credential: Opt(Type.Object({}, { additionalProperties: true })),
  connectionCallback: Opt(Type.String()),
});

/** Body of the OAuth 2.0 callback: the redirection's query string, whole. */
export const Oauth2Callback = Closed({ queryParameters: Opt(Type.String()) });

/** A connection's configuration as stored (its type's fields): an open object. */
export const ConnectionDetail = Type.Object({}, { additionalProperties: true });

/** Body of create catalog. */
export const CatalogRequest = Closed({
  name: Opt(Type.String()),
  connectionId: Opt(Type.String()),
  extraParameters: Opt(Type.Object({}, { additionalProperties: true })),
});

/** A schema of a catalog. */
export const Schema = Closed({
  catalogId: Opt(Type.String()),
  catalogName: Opt(Type.String()),
  schemaName: Opt(Type.String()),
});

/** Whether a table is cached, and how it can be. */
export const TableCacheResult = Closed({
  supportedCacheTypes: Opt(Type.Array(Type.String())),
  isCached: Opt(Type.Boolean()),
  isCacheable: Opt(Type.Boolean()),
});

/** One column's statistics. */
export const ColumnStatistics = Closed({
  columnName: Opt(Type.String()),
  distinctFraction: Maybe(Type.Number()),
});

/** A table's statistics, column by column. */
export const TableStatistics = Closed({
  catalogId: Opt(Type.String()),
  schemaName: Opt(Type.String()),
  tableName: Opt(Type.String()),
  columnStatistics: Opt(Type.Array(ColumnStatistics)),
});

/** Body of share catalog. */
export const CatalogShareRequestV2 = Closed({ targetProjectId: Opt(Type.String()) });

/** Body of search. */
export const SearchRequest = Closed({
  catalog: Opt(Type.String()),
  schema: Opt(Type.String()),
  query: Opt(Type.String()),
  limit: Opt(Type.Integer()),
  offset: Opt(Type.Integer()),
});

/** One match of a search: a catalog, a schema or a table, by name. */
export const CatalogSchemaTable = Closed({
  catalog: Opt(Type.String()),
  schema: Opt(Type.String()),
  table: Opt(Type.String()),
});

/** A page of results: where the next one starts (null: none). */
export const Page = Closed({
  limit: Opt(Type.Integer()),
  offset: Opt(Type.Integer()),
  nextOffset: Maybe(Type.Integer()),
});

/** The answer of search. The document points `meta.query` at the saved query's schema; its example sends `{text}`, so that field stays open. */
export const SearchResult = Closed({
  matchedCatalogs: Opt(Type.Array(CatalogSchemaTable)),
  matchedSchemas: Opt(Type.Array(CatalogSchemaTable)),
  matchedTables: Opt(Type.Array(CatalogSchemaTable)),
  meta: Opt(Closed({ page: Opt(Page), query: Opt(Type.Object({}, { additionalProperties: true })) })),
});

/** The answer of share catalog: the catalog made in the target project. */
export const SharedCatalogResponse = Closed({ sharedCatalogId: Opt(Type.String()) });
