import { badRequest, notFound } from '../errors.js';
import { checkKeyReaches } from '../key-scope.js';
import { PROJECT_ID_RULE, validProjectId } from '../../config/project-id.js';
import { Routes, type RouteContext } from '../router.js';
import { INTERNAL_CATALOG_ID } from './catalogs.js';

// Locally a driver's connection string is a DuckDB file for DuckDB's JDBC driver or duckdb_engine: the project's file (stored
// tables, materialized queries, caches, BI tables), or a DuckDB file connection's own.

/** The database file of the asked catalog (the project's own when none is named). */
async function databaseFile(c: RouteContext): Promise<string> {
  const principal = c.get('principal');
  const asked = c.req.query('projectId');
  if (asked !== undefined) checkKeyReaches(principal, asked);
  const projectId = principal.kind === 'project' ? principal.projectId : asked;
  if (!projectId) throw badRequest("name the project: a partner key reaches every project, so the local gateway needs dgw's projectId query parameter");
  if (!validProjectId(projectId)) throw badRequest(`projectId: ${PROJECT_ID_RULE}`);
  const project = await c.get('gateway').project(projectId, { create: false });
  const name = c.req.query('catalogName');
  const { allCatalogs } = await import('../project/catalog-place.js');
  const catalog = name === undefined || name === '' ? undefined : allCatalogs(project).find((k) => k.name === name || k.id === name);
  if (name && !catalog) throw notFound(`project ${projectId} has no catalog ${name} (\`dgw catalog list\` shows them)`);
  if (catalog && catalog.connectionId !== null) {
    const connection = project.connections.find((k) => k.id === catalog.connectionId);
    if (connection?.type !== 'duckdb') throw badRequest(`catalog ${name} reads ${connection?.type ?? 'its'} files through views, which only the gateway makes; a driver reaches the project's own catalogs and DuckDB file connections`);
    return connection.config.path;
  }
  if (catalog && catalog.catalogType === 'SEMANTIC') throw badRequest(`catalog ${name} is a semantic catalog, made by the gateway when it opens the project; a driver reaches the project's own catalogs and DuckDB file connections`);
  if (project.file === undefined) throw badRequest(`project ${projectId} is held in memory: it has no database file for a driver to open`);
  return project.file;
}

const jdbc = (file: string) => `jdbc:duckdb:${file}`;
// duckdb_engine passes the URL's query to DuckDB as its settings: the BI tool opens the file read-only.
const sqlAlchemy = (file: string) => `duckdb:///${file}?access_mode=read_only`;

export function driverRoutes(): Routes {
  return new Routes()
    .get('/', async (c) => {
      const file = await databaseFile(c);
      return c.json({ JDBC: jdbc(file), SQL_ALCHEMY: sqlAlchemy(file) });
    })
    .get('/jdbc', async (c) => c.json({ JDBC: jdbc(await databaseFile(c)) }))
    .get('/sql_alchemy', async (c) => {
      if (!c.req.query('catalogName')) throw badRequest(`catalogName is required: the SQLAlchemy string reaches one catalog (catalog ${INTERNAL_CATALOG_ID} is the project's own file)`);
      return c.json({ SQL_ALCHEMY: sqlAlchemy(await databaseFile(c)) });
    });
}
