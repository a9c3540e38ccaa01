import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerParametricTableCreate } from './create.js';
import { registerParametricTableList } from './list.js';
import { registerParametricTableRm } from './rm.js';

export function registerParametricTable(program: Command, wiring: Wiring): void {
  const group = program.command('parametric-table').description('Parametric tables of a catalog: a base table with some values fixed');
  registerParametricTableCreate(group, wiring);
  registerParametricTableList(group, wiring);
  registerParametricTableRm(group, wiring);
}
