import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';

export function registerMtquery(_program: Command, _wiring: Wiring): void {}
