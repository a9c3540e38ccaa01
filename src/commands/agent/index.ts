import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerAgentWorkflow } from './workflow.js';

export function registerAgent(program: Command, wiring: Wiring): void {
  const agent = program.command('agent').description("The project's agent itself (dgw ask asks it; hosted service only)");
  registerAgentWorkflow(agent, wiring);
}
