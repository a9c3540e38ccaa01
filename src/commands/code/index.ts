import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerApply } from './apply.js';
import { registerPlan } from './plan.js';
import { registerPull } from './pull.js';

/** Queries as code: `pull`, `plan` and `apply`, thin verbs over src/code. */
export function registerCode(program: Command, wiring: Wiring): void {
  registerPull(program, wiring);
  registerPlan(program, wiring);
  registerApply(program, wiring);
}
