// Writes docs/commands/ (one page per command, made from its --help) from the built command tree.
// Run through `npm run docs`, which builds first; test/docs-up-to-date.test.ts fails when a page is stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';

const { generateDocPages } = await import('../dist/docs-pages.js');
const dir = new URL('../docs/commands/', import.meta.url);
mkdirSync(dir, { recursive: true });
const pages = await generateDocPages();
// A command that went away takes its page with it.
for (const name of readdirSync(dir)) if (name.endsWith('.md') && !(name in pages)) rmSync(new URL(name, dir));
for (const [name, text] of Object.entries(pages)) writeFileSync(new URL(name, dir), text);
console.log(`wrote ${Object.keys(pages).length} pages to docs/commands/`);
