import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerQueryCreate } from './create.js';
import { registerQueryEdit } from './edit.js';
import { registerQueryExport } from './export.js';
import { registerQueryGet } from './get.js';
import { registerQueryList } from './list.js';
import { registerQueryMv } from './mv.js';
import { registerQueryRm } from './rm.js';
import { registerQueryRun } from './run.js';
import { registerQueryUpdate } from './update.js';

export function registerQuery(program: Command, wiring: Wiring): void {
  const query = program.command('query').description('Saved SQL queries, plain and materialized');
  registerQueryCreate(query, wiring);
  registerQueryList(query, wiring);
  registerQueryGet(query, wiring);
  registerQueryRun(query, wiring);
  registerQueryUpdate(query, wiring);
  registerQueryEdit(query, wiring);
  registerQueryMv(query, wiring);
  registerQueryRm(query, wiring);
  registerQueryExport(query, wiring);
}
