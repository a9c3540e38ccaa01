import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';

export function registerProfile(_program: Command, _wiring: Wiring): void {}
