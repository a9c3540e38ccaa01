import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';

export function registerAuth(_program: Command, _wiring: Wiring): void {}
