import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the build, without type declarations
import { inputsHash } from '../scripts/build/inputs.mjs';
import { tempDir } from './support/dgw.js';

// scripts/build.mjs skips a build when dist/ was made from the same inputs: the hash must move with
// every change of what a build reads, and only with that.

const tmp = tempDir('dgw-build-inputs-');
afterAll(() => tmp.remove());
const write = (name: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(tmp.dir, name)), { recursive: true });
  fs.writeFileSync(path.join(tmp.dir, name), text);
};

describe('the build inputs hash', () => {
  write('src/cli.ts', 'export const a = 1;\n');
  write('src/gateway/app.ts', 'export const b = 2;\n');
  write('package.json', '{"version": "0.1.0"}\n');
  write('package-lock.json', '{"lockfileVersion": 3}\n');
  write('scripts/build.mjs', '// build\n');
  write('README.md', 'not an input\n');

  it('stays when only modification times change, or a file that is not an input', () => {
    const before = inputsHash(tmp.dir);
    fs.utimesSync(path.join(tmp.dir, 'src/cli.ts'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    write('README.md', 'changed, still not an input\n');
    expect(inputsHash(tmp.dir)).toBe(before);
  });

  it.each([
    ['a source file\'s text', () => write('src/gateway/app.ts', 'export const b = 3;\n')],
    ['a source file added', () => write('src/new.ts', '')],
    ['a source file renamed', () => fs.renameSync(path.join(tmp.dir, 'src/new.ts'), path.join(tmp.dir, 'src/renamed.ts'))],
    ['a source file removed', () => fs.rmSync(path.join(tmp.dir, 'src/renamed.ts'))],
    ['the lock file (the bundled packages)', () => write('package-lock.json', '{"lockfileVersion": 3, "packages": {}}\n')],
    ['package.json', () => write('package.json', '{"version": "0.1.1"}\n')],
    ['the build script', () => write('scripts/build.mjs', '// build, changed\n')],
    ['a build module', () => write('scripts/build/regroup-chunks.mjs', '// regroup\n')],
    ['tsconfig.json', () => write('tsconfig.json', '{}\n')],
  ])('moves with %s', (_what, change) => {
    const before = inputsHash(tmp.dir);
    change();
    expect(inputsHash(tmp.dir)).not.toBe(before);
  });
});
