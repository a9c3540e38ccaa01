import { Hono } from 'hono';
import type { Info } from '../../api/types.js';
import type { GatewayEnv } from '../app.js';

export function infoRoutes(): Hono<GatewayEnv> {
  return new Hono<GatewayEnv>().get('/', (c) => {
    const p = c.get('principal');
    const info: Info =
      p.kind === 'partner'
        ? { userId: 'local-partner', email: 'partner@localhost' }
        : { projectId: p.projectId, projectName: p.projectId, userId: `local-key-${p.apiKeyId}`, email: 'project-key@localhost' };
    return c.json(info);
  });
}
