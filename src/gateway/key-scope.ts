import { forbidden } from './errors.js';
import type { Principal } from './keys.js';

// Apart from keys.ts: a CLI reaching dgw serve loads keys.ts, and must not load the gateway's errors.

/** 403 when a project key names another project than its own. */
export function checkKeyReaches(principal: Principal, projectId: string): void {
  if (principal.kind === 'project' && principal.projectId !== projectId) {
    throw forbidden(`this project API key belongs to project ${principal.projectId}, not ${projectId}`);
  }
}
