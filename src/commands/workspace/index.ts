import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerWorkspaceCreate } from './create.js';
import { registerWorkspaceGet } from './get.js';
import { registerWorkspaceList } from './list.js';
import { registerWorkspaceRm } from './rm.js';
import { registerWorkspaceUpdate } from './update.js';

export function registerWorkspace(program: Command, wiring: Wiring): void {
  const workspace = program.command('workspace').description('Workspaces the key can reach, which group projects in an organization: list, get, make, change or delete one');
  registerWorkspaceList(workspace, wiring);
  registerWorkspaceGet(workspace, wiring);
  registerWorkspaceCreate(workspace, wiring);
  registerWorkspaceUpdate(workspace, wiring);
  registerWorkspaceRm(workspace, wiring);
}
