import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerExportCancel } from './cancel.js';
import { registerExportGet } from './get.js';
import { registerExportList } from './list.js';

/** `dgw export list | get | cancel`: the project's export jobs (`dgw query export` starts one). */
export function registerExport(program: Command, wiring: Wiring): void {
  const exports = program.command('export').description('Export jobs of the project: list them, get one (and its files), cancel one');
  registerExportList(exports, wiring);
  registerExportGet(exports, wiring);
  registerExportCancel(exports, wiring);
}
