// Build entry: one Markdown page per command from its own `--help`; test/docs-up-to-date.test.ts catches stale pages.
import { main } from './cli.js';
import { buildProgram, inertDeps, visibleTree } from './program.js';

/** The page file of a command: `dgw_query_create.md`. */
const pageName = (path: string[]): string => `${['dgw', ...path].join('_')}.md`;

async function helpOf(path: string[]): Promise<string> {
  let text = '';
  const deps = inertDeps();
  deps.io.stdout = { write: (chunk: string | Uint8Array) => ((text += String(chunk)), true) };
  await main([...path, '--help'], deps);
  return text;
}

/** `{ 'README.md': index, 'dgw_query_create.md': page, ... }`: what docs/commands/ must hold. */
export async function generateDocPages(): Promise<Record<string, string>> {
  const root = await buildProgram(inertDeps());
  const listed = visibleTree(root);
  const pages: Record<string, string> = {};
  for (const { path } of listed) {
    const subcommands = listed.filter((l) => l.path.length === path.length + 1 && path.every((p, i) => l.path[i] === p));
    const see = subcommands.length > 0 ? `\n## Commands\n\n${subcommands.map((s) => `- [dgw ${s.path.join(' ')}](${pageName(s.path)}): ${s.command.summary() || s.command.description()}`).join('\n')}\n` : '';
    const parent = path.length > 1 ? `[dgw ${path.slice(0, -1).join(' ')}](${pageName(path.slice(0, -1))})` : '[all commands](README.md)';
    pages[pageName(path)] = `# dgw ${path.join(' ')}\n\n\`\`\`text\n${await helpOf(path)}\`\`\`\n${see}\nSee also: ${parent}. This page is made from \`dgw ${path.join(' ')} --help\` by \`npm run docs\`.\n`;
  }
  const index = listed.filter((l) => l.path.length === 1).map((l) => `- [dgw ${l.path[0]}](${pageName(l.path)}): ${l.command.summary() || l.command.description()}`);
  pages['README.md'] = `# dgw commands\n\nOne page per command, made from its own \`--help\` by \`npm run docs\` (a test fails when a page is stale).\nThe guides are one folder up: [docs/](../README.md).\n\n${index.join('\n')}\n`;
  return pages;
}
