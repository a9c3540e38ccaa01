import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerProfileList } from './list.js';
import { registerProfileRm } from './rm.js';
import { registerProfileUse } from './use.js';

export function registerProfile(program: Command, wiring: Wiring): void {
  const profile = program.command('profile').description('Profiles in the user store: one zone, project and key each');
  registerProfileList(profile, wiring);
  registerProfileUse(profile, wiring);
  registerProfileRm(profile, wiring);
}
