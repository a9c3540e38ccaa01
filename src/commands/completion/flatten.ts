import type { CommandNode, OptionNode } from './tree.js';

/** A command with its path from the root (`""`, `"auth"`, `"auth login"`), the form every script keys on. */
export interface PathEntry {
  path: string;
  node: CommandNode;
  /** Its own options followed by the global ones, which commander accepts at any depth. */
  options: OptionNode[];
}

/** Every command of the tree, depth first, root included. */
export function flatten(root: CommandNode): PathEntry[] {
  // --version means something at the top only.
  const globals = root.options.filter((o) => !o.flags.includes('--version'));
  const entries: PathEntry[] = [];
  const visit = (node: CommandNode, path: string) => {
    const own = node === root ? root.options : node.options;
    const seen = new Set(own.flatMap((o) => o.flags));
    entries.push({ path, node, options: [...own, ...globals.filter((o) => !o.flags.some((f) => seen.has(f)))] });
    for (const child of node.commands) visit(child, path ? `${path} ${child.name}` : child.name);
  };
  visit(root, '');
  return entries;
}

/** Options that consume the next word, every spelling: what a script skips when it walks the words typed. */
export function valueFlags(entry: PathEntry): string[] {
  return entry.options.filter((o) => o.takesValue).flatMap((o) => o.flags);
}

/** How a bash or zsh `case` arm answers with words: `echo 'a b'`, `reply=('a' 'b')`. */
export type Answer = (words: string[]) => string;

/** bash and zsh `case "$1|$2"` arms: each subcommand word (aliases too) under its path answers with the subcommand's name. */
export function subCases(entries: PathEntry[], answer: (name: string) => string): string {
  const lines: string[] = [];
  for (const e of entries) {
    for (const child of e.node.commands) {
      const words = [child.name, ...child.aliases].map((w) => shQuote(`${e.path}|${w}`)).join('|');
      lines.push(`    ${words}) ${answer(child.name)} ;;`);
    }
  }
  return lines.join('\n');
}

/** bash and zsh `case "$1"` arms: each path answers with its words; a path without any has no arm. */
export function pathCases(entries: PathEntry[], words: (e: PathEntry) => string[], answer: Answer): string {
  return entries
    .map((e) => ({ e, w: words(e) }))
    .filter(({ w }) => w.length > 0)
    .map(({ e, w }) => `    ${shQuote(e.path)}) ${answer(w)} ;;`)
    .join('\n');
}

/** bash and zsh `case "$1|$2"` arms for options with values to offer: per-command options first, then the global ones under a wildcard path. */
export function valueCases(root: CommandNode, entries: PathEntry[], answer: Answer): string {
  const lines: string[] = [];
  const line = (path: string | undefined, o: OptionNode) => {
    const values = o.values === 'files' ? ['@files'] : o.values === 'live' ? ['@live'] : (o.values ?? []);
    const patterns = o.flags.map((f) => (path === undefined ? `*${shQuote(`|${f}`)}` : shQuote(`${path}|${f}`)));
    lines.push(`    ${patterns.join('|')}) ${answer(values)} ;;`);
  };
  for (const e of entries) {
    if (e.node === root) continue;
    for (const o of e.node.options) if (o.takesValue && o.values) line(e.path, o);
  }
  for (const o of root.options) if (o.takesValue && o.values) line(undefined, o);
  return lines.join('\n');
}

/** Single-quotes a word for bash and zsh. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** Single-quotes a word for fish, where backslash and quote are escaped inside quotes. */
export function fishQuote(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}
