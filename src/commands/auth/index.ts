import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerAuthLogin } from './login.js';
import { registerAuthLogout } from './logout.js';
import { registerAuthStatus } from './status.js';

export function registerAuth(program: Command, wiring: Wiring): void {
  const auth = program.command('auth').description('Log in with an API key, check it, log out');
  registerAuthLogin(auth, wiring);
  registerAuthStatus(auth, wiring);
  registerAuthLogout(auth, wiring);
}
