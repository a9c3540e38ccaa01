import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';

export function registerQuery(_program: Command, _wiring: Wiring): void {}
