import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerServe } from './serve.js';
import { registerSql } from './sql.js';

/** `dgw serve` (the local gateway over HTTP) and `dgw sql` (run a statement on any zone). */
export function registerLocal(program: Command, wiring: Wiring): void {
  registerServe(program, wiring);
  registerSql(program, wiring);
}
