import type { ChalkInstance } from 'chalk';

/** A folder as a tree drawing shows it. */
export interface DrawnFolder {
  id: string;
  name: string;
  children: DrawnFolder[];
  /** How many queries it holds, when known. */
  queryCount: number | null;
  /** Its queries by name, when they are to be listed under it. */
  queries?: Array<{ id: string; name: string }>;
}

/** The lines of a folder tree for a person: `name/ (n queries)  id`, subfolders indented, by name. */
export function drawTree(roots: DrawnFolder[], color: ChalkInstance): string[] {
  const lines: string[] = [];
  const walk = (nodes: DrawnFolder[], indent: string) => {
    for (const node of [...nodes].sort((a, b) => a.name.localeCompare(b.name))) {
      const n = node.queryCount;
      const count = n === null || node.queries ? '' : color.dim(` (${n} ${n === 1 ? 'query' : 'queries'})`);
      lines.push(`${indent}${node.name}/${count}  ${color.dim(node.id)}`);
      walk(node.children, `${indent}  `);
      for (const q of node.queries ?? []) lines.push(`${indent}  ${q.name}  ${color.dim(q.id)}`);
    }
  };
  walk(roots, '');
  return lines;
}
