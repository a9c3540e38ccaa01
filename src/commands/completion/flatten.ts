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

/** Single-quotes a word for bash and zsh. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** Single-quotes a word for fish, where backslash and quote are escaped inside quotes. */
export function fishQuote(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}
