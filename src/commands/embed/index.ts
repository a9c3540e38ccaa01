import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerEmbedSession } from './session.js';

export function registerEmbed(program: Command, wiring: Wiring): void {
  const embed = program.command('embed').description("Embedded sessions of the hosted service's web app, for an iframe in your application (hosted service only)");
  registerEmbedSession(embed, wiring);
}
