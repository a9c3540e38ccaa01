import { BASE_PATH } from './router.js';
import { DOCUMENT_OPERATIONS } from './document-operations.js';

/** An operation of the document, as the 501 names it. */
export interface DocumentOperation {
  operationId: string;
  method: string;
  path: string;
}

const TEMPLATES = DOCUMENT_OPERATIONS.map(([method, path, operationId]) => ({
  method,
  path,
  operationId,
  pattern: new RegExp(`^${BASE_PATH}${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The operation of the document a request that no route took would be, if any. */
export function documentOperation(method: string, path: string): DocumentOperation | undefined {
  // Fewer parameters ({...}) first: a literal segment beats a parameter (`/refresh/callback` before `/refresh/{jobId}`).
  const found = TEMPLATES.filter((t) => t.method === method && t.pattern.test(path)).sort((a, b) => a.path.split('{').length - b.path.split('{').length)[0];
  return found && { operationId: found.operationId, method: found.method, path: found.path };
}
