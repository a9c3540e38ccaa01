import type { Http } from './http.js';
import type { Info } from './types.js';

export function whoAmI(http: Http): Promise<Info> {
  return http.request({ method: 'GET', path: '/info' });
}
