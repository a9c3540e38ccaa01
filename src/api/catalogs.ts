import type { Http } from './http.js';
import { apiPath } from './path.js';
import { object, objects, text, textOrNull } from './read.js';
import type { Catalog } from './types.js';

export async function listCatalogs(http: Http, projectId: string): Promise<Catalog[]> {
  return objects(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/catalogs` }), 'catalogs').map(readCatalog);
}

/** A catalog with every field present; the built-in ones have no connection (null). */
export function readCatalog(value: unknown): Catalog {
  const c = object(value, 'a catalog');
  return { id: text(c.id), name: text(c.name), displayName: text(c.displayName, text(c.name)), catalogType: text(c.catalogType), connectionId: textOrNull(c.connectionId) };
}
