import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerProjectCreate } from './create.js';
import { registerProjectList } from './list.js';
import { registerProjectRm } from './rm.js';
import { registerProjectUpdate } from './update.js';

export function registerProject(program: Command, wiring: Wiring): void {
  const project = program.command('project').description('Projects the key can reach, through organizations and workspaces; make, change or delete one');
  registerProjectList(project, wiring);
  registerProjectCreate(project, wiring);
  registerProjectUpdate(project, wiring);
  registerProjectRm(project, wiring);
}
