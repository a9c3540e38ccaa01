import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerTableAddColumn } from '../table/add-column.js';
import { registerTableCreate } from '../table/create.js';
import { registerTableList } from '../table/list.js';
import { registerTableDropColumn } from '../table/drop-column.js';
import { registerTableRm } from '../table/rm.js';
import { registerUpdateColumn } from '../table/update-column.js';

export function registerBitable(program: Command, wiring: Wiring): void {
  const bitable = program.command('bitable').description('BI tables of the project: column-stored tables for large data sets');
  // The same verbs as a stored table's, with examples of their own; drop-column and rm name the saved queries that read what goes.
  registerTableCreate(bitable, wiring, 'bitable', ['dgw bitable create sales_summary --column region:VARCHAR --column total:DECIMAL']);
  registerTableList(bitable, wiring, 'bitable', ['dgw bitable list', 'dgw bitable list sales_summary', 'dgw bitable list --json tableName']);
  registerTableAddColumn(bitable, wiring, 'bitable', ['dgw bitable add-column sales_summary orders:BIGINT']);
  registerUpdateColumn(bitable, wiring, 'bitable', [
    'dgw bitable update-column sales_summary orders --default 0 --not-null',
    'dgw bitable update-column sales_summary region --rename country --yes',
    'dgw bitable update-column sales_summary orders --type VARCHAR --dry-run',
  ]);
  registerTableDropColumn(bitable, wiring, 'bitable', 'sales_summary total');
  registerTableRm(bitable, wiring, 'bitable', 'sales_summary');
}
