import type { Http } from './http.js';
import { apiPath } from './path.js';
import type { Catalog } from './types.js';

export function listCatalogs(http: Http, projectId: string): Promise<Catalog[]> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/catalogs` });
}
