import { Routes } from '../router.js';
import { notFound } from '../errors.js';
import { CONNECTION_CONFIGS, connectionConfig } from '../registry.js';

export function connectionRoutes(): Routes {
  return new Routes()
    .get('/config', (c) => c.json(CONNECTION_CONFIGS))
    .get('/config/:connectionType', (c) => {
      const type = c.req.param('connectionType');
      const config = connectionConfig(type);
      if (!config) throw notFound(`unknown connection type ${type}; GET /connections/config lists them`);
      return c.json(config);
    });
}
