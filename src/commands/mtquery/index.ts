import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerMtqueryCancel } from './cancel.js';
import { registerMtqueryCreate } from './create.js';
import { registerMtqueryList } from './list.js';
import { registerMtqueryRefresh } from './refresh.js';
import { registerMtqueryStatus } from './status.js';

export function registerMtquery(program: Command, wiring: Wiring): void {
  const mtquery = program.command('mtquery').description('Materialized queries: create, list, refresh, status, cancel (a schedule: --every, --cron)');
  registerMtqueryCreate(mtquery, wiring);
  registerMtqueryList(mtquery, wiring);
  registerMtqueryRefresh(mtquery, wiring);
  registerMtqueryStatus(mtquery, wiring);
  registerMtqueryCancel(mtquery, wiring);
}
