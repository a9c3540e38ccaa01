import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerConnectionConfig } from './config.js';
import { registerConnectionTypes } from './types.js';

export function registerConnection(program: Command, wiring: Wiring): void {
  const connection = program.command('connection').description('Connection types and their configuration');
  registerConnectionConfig(connection, wiring);
  registerConnectionTypes(connection, wiring);
}
