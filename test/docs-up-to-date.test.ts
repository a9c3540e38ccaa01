import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateDocPages } from '../src/docs-pages.js';

// docs/commands/ is made from the commands' own --help; a command, option, example or description
// changed without `npm run docs` makes this fail. The guides' links to command pages must lead somewhere.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'docs', 'commands');

describe('docs/commands/', async () => {
  const pages = await generateDocPages();

  it('holds a page for every command, and nothing else', () => {
    expect(fs.readdirSync(dir).sort()).toEqual(Object.keys(pages).sort());
    expect(Object.keys(pages)).toEqual(expect.arrayContaining(['README.md', 'dgw_query_create.md', 'dgw_table_drop-column.md', 'dgw_serve.md']));
  });

  it.each(Object.keys(pages))('%s matches the command\'s --help', (name) => {
    const file = path.join(dir, name);
    const onDisk = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(missing)';
    expect(onDisk === pages[name], `docs/commands/${name} is out of date with the commands' help: run \`npm run docs\``).toBe(true);
  });
});

describe('the README and the guides', () => {
  const files = ['README.md', 'CONTRIBUTING.md', ...fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f))];

  it('the README is a front door: at most 400 lines', () => {
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(400);
  });

  it.each(files)('every relative link of %s leads to a file and a heading that exist', (file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [rel, anchor] = target.split('#');
      const resolved = rel === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), rel);
      expect(fs.existsSync(resolved), `${file}: ${target}`).toBe(true);
      if (anchor && resolved.endsWith('.md')) expect(headingSlugs(fs.readFileSync(resolved, 'utf8')), `${file}: ${target}`).toContain(anchor);
    }
  });
});

/** GitHub's anchors of a Markdown file's headings. */
function headingSlugs(text: string): string[] {
  return [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1].trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-'));
}
