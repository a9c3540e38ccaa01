import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerCatalogColumns } from './columns.js';
import { registerCatalogCreate } from './create.js';
import { registerCatalogGet } from './get.js';
import { registerCatalogIsCached } from './is-cached.js';
import { registerCatalogList } from './list.js';
import { registerCatalogRm } from './rm.js';
import { registerCatalogSchemas } from './schemas.js';
import { registerCatalogSearch } from './search.js';
import { registerCatalogShare } from './share.js';
import { registerCatalogExport } from './export.js';
import { registerCatalogStats } from './stats.js';
import { registerCatalogTables } from './tables.js';

export function registerCatalog(program: Command, wiring: Wiring): void {
  const catalog = program.command('catalog').description('Catalogs: connected sources and the built-in stores; browse their schemas, tables and columns');
  registerCatalogList(catalog, wiring);
  registerCatalogGet(catalog, wiring);
  registerCatalogSchemas(catalog, wiring);
  registerCatalogTables(catalog, wiring);
  registerCatalogColumns(catalog, wiring);
  registerCatalogStats(catalog, wiring);
  registerCatalogExport(catalog, wiring);
  registerCatalogIsCached(catalog, wiring);
  registerCatalogSearch(catalog, wiring);
  registerCatalogCreate(catalog, wiring);
  registerCatalogShare(catalog, wiring);
  registerCatalogRm(catalog, wiring);
}
