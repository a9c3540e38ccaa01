import { resolve } from 'node:path';
import { badRequest, forbidden, stoppedByReopen } from '../errors.js';
import { findConnection, realpathOr, withinFolder } from '../project/connections.js';
import type { ConnectionInput, ConnectionRow } from '../project/index.js';
import { Routes, type RouteContext } from '../router.js';
import { hostedOnly } from './hosted-only.js';
import { checkName, isObject, jsonObject, optString, reqString } from '../validate.js';

/** Loaded with the first change of a connection (it needs node:crypto, which other commands do not load). */
export const connectionChanges = () => import('../project/connection-changes.js');

/** The document's Connection: no credential, ever. */
const shown = (c: ConnectionRow) => ({ id: c.id, name: c.name, type: c.type });

/** The document's connection view: the settings kept, which for the local types hold no secret. */
const view = (c: ConnectionRow) => ({ type: c.type, ...c.config });

function credential(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const value = body.credential;
  if (value === undefined) return undefined;
  if (!isObject(value)) throw badRequest('credential must be an object of the type\'s fields');
  return value;
}

/** A connection reads any file the gateway's user can, so only the partner key makes or changes one, never over the data folder (which holds keys). */
export function checkChange(c: RouteContext, credential?: Record<string, unknown>): void {
  if (c.get('principal').kind === 'project') throw forbidden('connections are made, changed and removed with the partner key: a connection can read any file the gateway can');
  const dataDir = c.get('gateway').options.dataDir;
  if (dataDir === undefined || typeof credential?.path !== 'string') return;
  const path = resolve(credential.path);
  if (withinFolder(path, dataDir) || withinFolder(realpathOr(path), dataDir)) throw badRequest('a connection cannot read the local gateway\'s own data folder');
}

/** A connection change is attached only by a project opened anew, so the routes that change one reopen it. */
export async function reopened<T>(c: RouteContext, change: () => Promise<T>): Promise<T> {
  if (c.get('project').file === undefined) throw badRequest('a project held in memory cannot attach connections (it would be lost when reopened); give the gateway a data folder');
  const gateway = c.get('gateway');
  const id = c.get('project').id;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await change();
      await gateway.reopen(id);
      return result;
    } catch (error) {
      // Another change's reopen stopped this one before it wrote anything: it runs again on the project opened anew.
      if (attempt === 3 || !stoppedByReopen(error)) throw error;
      c.set('project', await gateway.project(id, { create: false }));
    }
  }
}

/** The connection the path names, as attached when the project opened, or 404. */
const named = (c: RouteContext) => findConnection(c.get('project'), c.req.param('connectionId'));

/** A project's connections (`/connections/{projectId}`): each makes a catalog that SQL reads. */
export function projectConnectionRoutes(): Routes {
  return new Routes()
    .get('/', (c) => c.json(c.get('project').connections.map(shown)))
    .post('/', async (c) => {
      const body = await jsonObject(c);
      const input: ConnectionInput = { name: checkName(reqString(body, 'name'), 'name'), type: reqString(body, 'type'), credential: credential(body) ?? {} };
      checkChange(c, input.credential);
      return c.json(shown(await reopened(c, async () => (await connectionChanges()).createConnection(c.get('project'), input))));
    })
    .post('/oauth2', hostedOnly('oauth2Callback', 'it serves no OAuth 2.0 connection type; the hosted service does'))
    .get('/:connectionId', (c) => c.json(shown(named(c))))
    .get('/:connectionId/detail', (c) => c.json(view(named(c))))
    .put('/:connectionId', async (c) => {
      const body = await jsonObject(c);
      const name = optString(body, 'name');
      const input = { name: name === undefined ? undefined : checkName(name, 'name'), type: optString(body, 'type'), credential: credential(body) };
      checkChange(c, input.credential);
      return c.json(shown(await reopened(c, async () => (await connectionChanges()).updateConnection(c.get('project'), c.req.param('connectionId'), input))));
    })
    .delete('/:connectionId', async (c) => {
      checkChange(c);
      await reopened(c, async () => (await connectionChanges()).deleteConnection(c.get('project'), c.req.param('connectionId')));
      return c.body(null, 200);
    });
}
