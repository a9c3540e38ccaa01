// Writes completions/ (bash, zsh, fish) from the built command tree. Run through `npm run
// completions`, which builds first; test/completion-up-to-date.test.ts fails when they are stale.
import { mkdirSync, writeFileSync } from 'node:fs';

const { generateCompletions } = await import('../dist/completion-tree.js');
const dir = new URL('../completions/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(await generateCompletions())) {
  writeFileSync(new URL(name, dir), text);
  console.log(`wrote completions/${name}`);
}
