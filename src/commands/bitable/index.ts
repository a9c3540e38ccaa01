import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerBitableAddColumn } from './add-column.js';
import { registerBitableCreate } from './create.js';
import { registerBitableDropColumn } from './drop-column.js';
import { registerBitableList } from './list.js';
import { registerBitableRm } from './rm.js';

export function registerBitable(program: Command, wiring: Wiring): void {
  const bitable = program.command('bitable').description('BI tables of the project (hosted service; the local gateway answers 501)');
  registerBitableCreate(bitable, wiring);
  registerBitableList(bitable, wiring);
  registerBitableAddColumn(bitable, wiring);
  registerBitableDropColumn(bitable, wiring);
  registerBitableRm(bitable, wiring);
}
