import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerFolderCreate } from './create.js';
import { registerFolderList } from './list.js';
import { registerFolderMv } from './mv.js';
import { registerFolderRm } from './rm.js';

export function registerFolder(program: Command, wiring: Wiring): void {
  const folder = program.command('folder').description('Query folders: list, create, move queries into them, delete');
  registerFolderList(folder, wiring);
  registerFolderCreate(folder, wiring);
  registerFolderMv(folder, wiring);
  registerFolderRm(folder, wiring);
}
