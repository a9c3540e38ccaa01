import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerThreadGet } from './get.js';
import { registerThreadList } from './list.js';
import { registerThreadRename } from './rename.js';
import { registerThreadRm } from './rm.js';

export function registerThread(program: Command, wiring: Wiring): void {
  const thread = program.command('thread').description("Conversations with the project's agent (dgw ask --thread continues one; hosted service only)");
  registerThreadList(thread, wiring);
  registerThreadGet(thread, wiring);
  registerThreadRename(thread, wiring);
  registerThreadRm(thread, wiring);
}
