import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerWorkspaceGet } from './get.js';
import { registerWorkspaceList } from './list.js';

export function registerWorkspace(program: Command, wiring: Wiring): void {
  const workspace = program.command('workspace').description('Workspaces the key can reach, which group projects in an organization: list, get');
  registerWorkspaceList(workspace, wiring);
  registerWorkspaceGet(workspace, wiring);
}
