import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerTableDropColumn } from './drop-column.js';
import { registerTableList } from './list.js';

export function registerTable(program: Command, wiring: Wiring): void {
  const table = program.command('table').description('Stored tables and their columns');
  registerTableList(table, wiring);
  registerTableDropColumn(table, wiring);
}
