import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerTableAddColumn } from './add-column.js';
import { registerTableCreate } from './create.js';
import { registerTableDropColumn } from './drop-column.js';
import { registerTableImport } from './import.js';
import { registerTableList } from './list.js';
import { registerTableRm } from './rm.js';
import { registerTableSample } from './sample.js';
import { registerUpdateColumn } from './update-column.js';

export function registerTable(program: Command, wiring: Wiring): void {
  const table = program.command('table').description('Stored tables and their columns');
  registerTableList(table, wiring);
  registerTableCreate(table, wiring);
  registerTableAddColumn(table, wiring);
  registerUpdateColumn(table, wiring, 'table', [
    'dgw table update-column orders status --default pending --dry-run',
    'dgw table update-column orders amount --type DECIMAL --not-null --dry-run',
    'dgw table update-column orders status --rename state --dry-run',
  ]);
  registerTableDropColumn(table, wiring);
  registerTableRm(table, wiring);
  registerTableImport(table, wiring);
  registerTableSample(table, wiring);
}
