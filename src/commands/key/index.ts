import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerKeyCreate } from './create.js';
import { registerKeyList } from './list.js';
import { registerKeyRm } from './rm.js';

export function registerKey(program: Command, wiring: Wiring): void {
  const key = program.command('key').description('Project API keys: list, create (the secret is shown once), delete; partner key only');
  registerKeyList(key, wiring);
  registerKeyCreate(key, wiring);
  registerKeyRm(key, wiring);
}
