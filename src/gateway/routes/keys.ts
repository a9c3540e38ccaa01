import { Routes } from '../router.js';
import type { WireApiKey } from '../../api/types.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { StoredProjectKey } from '../keys.js';
import { checkName, jsonObject, optString } from '../validate.js';
import { parseIsoTime } from '../../iso-time.js';

function view(k: StoredProjectKey, apiKey: string | null = null): WireApiKey {
  return { name: k.name, apiKey, apiKeyId: k.apiKeyId, ...(k.expiresAt !== null ? { expiresAt: k.expiresAt } : {}) };
}

/** Project API keys: list, create (the secret is shown once), delete. Partner key only. */
export function keyRoutes(): Routes {
  const r = new Routes();
  r.use(async (c, next) => {
    if (c.get('principal').kind !== 'partner') throw forbidden('only the partner key can manage project API keys');
    // A mistyped project id is 404 for a read too, never an empty list.
    if (!c.get('gateway').exists(c.req.param('projectId'))) throw notFound(`project ${c.req.param('projectId')} not found`);
    return next();
  });
  r.get('/', (c) => c.json(c.get('gateway').keys.list(c.req.param('projectId')).map((k) => view(k))));
  r.post('/', async (c) => {
    const projectId = c.req.param('projectId');
    const body = await jsonObject(c);
    const name = checkName(optString(body, 'name') ?? '', 'name');
    const expiresRaw = optString(body, 'expiresAt');
    let expiresAt: string | null = null;
    if (expiresRaw !== undefined) {
      const t = parseIsoTime(expiresRaw);
      if (t === undefined) throw badRequest('expiresAt must be an ISO 8601 time such as 2030-01-01T00:00:00Z');
      if (t <= c.get('gateway').keys.now()) throw badRequest(`expiresAt ${new Date(t).toISOString()} is in the past: a key that never works cannot be made`);
      expiresAt = new Date(t).toISOString();
    }
    const key = await c.get('gateway').keys.create(projectId, name, expiresAt);
    return c.json(view(key, key.apiKey));
  });
  r.delete('/:apiKeyId', async (c) => {
    const projectId = c.req.param('projectId');
    const apiKeyId = c.req.param('apiKeyId');
    const keys = c.get('gateway').keys;
    const key = keys.list(projectId).find((k) => k.apiKeyId === apiKeyId);
    if (!key) throw notFound(`project ${projectId} has no API key ${apiKeyId}`);
    await keys.delete(projectId, apiKeyId);
    return c.get('present').changed(c, view(key));
  });
  return r;
}
