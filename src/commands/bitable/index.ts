import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerBitableAddColumn } from './add-column.js';
import { registerBitableCreate } from './create.js';
import { registerBitableList } from './list.js';
import { registerTableDropColumn } from '../table/drop-column.js';
import { registerTableRm } from '../table/rm.js';
import { registerUpdateColumn } from '../table/update-column.js';

export function registerBitable(program: Command, wiring: Wiring): void {
  const bitable = program.command('bitable').description('BI tables of the project: column-stored tables for large data sets');
  registerBitableCreate(bitable, wiring);
  registerBitableList(bitable, wiring);
  registerBitableAddColumn(bitable, wiring);
  registerUpdateColumn(bitable, wiring, 'bitable', [
    'dgw bitable update-column sales_summary orders --default 0 --not-null',
    'dgw bitable update-column sales_summary region --rename country --yes',
    'dgw bitable update-column sales_summary orders --type VARCHAR --dry-run',
  ]);
  // The same verbs as a stored table's: they name the saved queries that read what goes.
  registerTableDropColumn(bitable, wiring, 'bitable', 'sales_summary total');
  registerTableRm(bitable, wiring, 'bitable', 'sales_summary');
}
