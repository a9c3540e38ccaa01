import fs from 'node:fs';
import path from 'node:path';

/**
 * A project's folder of files in transit as the gateway that opened it last named it:
 * `transfer/<project>/t-<secret>/` (Gateway.transferDir), found by listing, as only the folder's owner can.
 */
export function transferFolder(dataDir: string, project = 'demo'): string {
  const folder = path.join(dataDir, 'transfer', project);
  const secret = fs.readdirSync(folder).filter((n) => /^t-[0-9a-f]{32}$/.test(n));
  if (secret.length !== 1) throw new Error(`expected one secret folder in ${folder}, found ${secret.join(', ') || 'none'}`);
  return path.join(folder, secret[0]);
}
