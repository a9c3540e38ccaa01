// Writes schemas/ (one JSON Schema per command's --json output) from src/contract/outputs.ts and
// the built command tree. Run through `npm run schemas`, which builds first;
// test/schemas-up-to-date.test.ts fails when the files are stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';

const { generateSchemaFiles } = await import('../dist/schema-files.js');
const dir = new URL('../schemas/', import.meta.url);
mkdirSync(dir, { recursive: true });
const files = await generateSchemaFiles();
// A command that went away takes its schema with it.
for (const name of readdirSync(dir)) if (name.endsWith('.json') && !(name in files)) rmSync(new URL(name, dir));
for (const [name, text] of Object.entries(files)) writeFileSync(new URL(name, dir), text);
console.log(`wrote ${Object.keys(files).length} schemas to schemas/`);
