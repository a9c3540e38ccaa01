import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerFolderCreate } from './create.js';
import { registerFolderList } from './list.js';
import { registerFolderMove } from './move.js';
import { registerFolderMv } from './mv.js';
import { registerFolderRename } from './rename.js';
import { registerFolderRm } from './rm.js';
import { registerFolderTree } from './tree.js';
import { registerFolderView } from './view.js';

export function registerFolder(program: Command, wiring: Wiring): void {
  const folder = program.command('folder').description('Query folders: list, view, tree, create, rename, move, put queries in them, delete');
  registerFolderList(folder, wiring);
  registerFolderView(folder, wiring);
  registerFolderTree(folder, wiring);
  registerFolderCreate(folder, wiring);
  registerFolderRename(folder, wiring);
  registerFolderMove(folder, wiring);
  registerFolderMv(folder, wiring);
  registerFolderRm(folder, wiring);
}
