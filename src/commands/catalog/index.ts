import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerCatalogList } from './list.js';

export function registerCatalog(program: Command, wiring: Wiring): void {
  const catalog = program.command('catalog').description('Catalogs: connected sources and the built-in stores');
  registerCatalogList(catalog, wiring);
}
