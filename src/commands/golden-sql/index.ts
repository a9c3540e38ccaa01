import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerGoldenSqlAdd } from './add.js';
import { registerGoldenSqlList } from './list.js';
import { registerGoldenSqlRm } from './rm.js';
import { registerGoldenSqlSearch } from './search.js';

export function registerGoldenSql(program: Command, wiring: Wiring): void {
  const group = program.command('golden-sql').description('Golden SQLs: questions and the SQL that answers them, which the agent learns from');
  registerGoldenSqlAdd(group, wiring);
  registerGoldenSqlList(group, wiring);
  registerGoldenSqlSearch(group, wiring);
  registerGoldenSqlRm(group, wiring);
}
