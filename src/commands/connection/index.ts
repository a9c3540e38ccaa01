import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerConnectionConfig } from './config.js';
import { registerConnectionCreate } from './create.js';
import { registerConnectionDetail } from './detail.js';
import { registerConnectionGet } from './get.js';
import { registerConnectionList } from './list.js';
import { registerConnectionOauthCallback } from './oauth-callback.js';
import { registerConnectionRm } from './rm.js';
import { registerConnectionTypes } from './types.js';
import { registerConnectionUpdate } from './update.js';

export function registerConnection(program: Command, wiring: Wiring): void {
  const connection = program.command('connection').description('Connections to sources, their types and configuration');
  // In the order a reader meets them: a connection is made before it is shown, and removed last.
  registerConnectionCreate(connection, wiring);
  registerConnectionList(connection, wiring);
  registerConnectionGet(connection, wiring);
  registerConnectionDetail(connection, wiring);
  registerConnectionUpdate(connection, wiring);
  registerConnectionOauthCallback(connection, wiring);
  registerConnectionRm(connection, wiring);
  registerConnectionConfig(connection, wiring);
  registerConnectionTypes(connection, wiring);
}
