import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';

export function registerFolder(_program: Command, _wiring: Wiring): void {}
