import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerRelationAdd } from './add.js';
import { registerRelationList } from './list.js';
import { registerRelationRm } from './rm.js';
import { registerRelationUpdate } from './update.js';

export function registerRelation(program: Command, wiring: Wiring): void {
  const group = program.command('relation').description('Relations between columns of catalog tables (foreign keys the sources do not declare), for the agent');
  registerRelationAdd(group, wiring);
  registerRelationList(group, wiring);
  registerRelationUpdate(group, wiring);
  registerRelationRm(group, wiring);
}
