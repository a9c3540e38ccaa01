import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateCompletions } from '../src/completion-tree.js';

// completions/ is generated from the command tree; a command, option or choice added without
// regenerating makes this fail.
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../completions');

const generated = await generateCompletions();

describe('completions/', () => {

  it('holds a script for bash, zsh and fish', () => {
    expect(Object.keys(generated).sort()).toEqual(['_dgw', 'dgw.bash', 'dgw.fish']);
  });

  it.each(Object.keys(generated))('%s matches the command tree', (name) => {
    const file = path.join(dir, name);
    const onDisk = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(missing)';
    expect(onDisk === generated[name], `completions/${name} is out of date with the command tree: run \`npm run completions\``).toBe(true);
  });
});
