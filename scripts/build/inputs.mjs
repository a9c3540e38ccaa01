// What a build of dist/ is made from, as one hash: scripts/build.mjs skips a build whose inputs are
// those of the build that made dist/ (package-lock.json stands for the bundled packages).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const INPUTS = ['src', 'scripts/build.mjs', 'scripts/build', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** The SHA-256 of the inputs' paths and contents under `root` (modification times do not count). */
export function inputsHash(root) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const full = join(root, input);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory() ? readdirSync(full, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)) : [full];
    for (const file of files.sort()) hash.update(`${file.slice(root.length)}\0`).update(readFileSync(file));
  }
  return hash.digest('hex');
}
