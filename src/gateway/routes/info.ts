import { Routes } from '../router.js';
import type { Info } from '../../api/types.js';

export function infoRoutes(): Routes {
  return new Routes().get('/', (c) => {
    const p = c.get('principal');
    const info: Info =
      p.kind === 'partner'
        ? { userId: 'local-partner', email: 'partner@localhost' }
        : { projectId: p.projectId, projectName: p.projectId, userId: `local-key-${p.apiKeyId}`, email: 'project-key@localhost' };
    return c.json(info);
  });
}
