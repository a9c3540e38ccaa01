import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerSemanticAddTable } from './add-table.js';
import { registerSemanticCreate } from './create.js';
import { registerSemanticRmTable } from './rm-table.js';
import { registerSemanticShare } from './share.js';

export function registerSemanticCatalog(program: Command, wiring: Wiring): void {
  const group = program.command('semantic-catalog').description('Semantic catalogs: catalogs of their own name whose tables are saved queries, read by SQL as any catalog (dgw catalog list lists them, dgw catalog rm deletes one)');
  registerSemanticCreate(group, wiring);
  registerSemanticAddTable(group, wiring);
  registerSemanticRmTable(group, wiring);
  registerSemanticShare(group, wiring);
}
