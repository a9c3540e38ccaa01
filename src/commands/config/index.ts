import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerConfigExplain } from './explain.js';
import { registerConfigGet } from './get.js';
import { registerConfigSet } from './set.js';

export function registerConfig(program: Command, wiring: Wiring): void {
  const config = program.command('config').description('Settings: what dgw will use and where each value comes from');
  registerConfigExplain(config, wiring);
  registerConfigGet(config, wiring);
  registerConfigSet(config, wiring);
}
