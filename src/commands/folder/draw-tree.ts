import type { ChalkInstance } from 'chalk';
import { compareText } from '../../output/text-order.js';
import { visible } from '../../output/visible.js';

/** A folder as a tree drawing shows it. */
export interface DrawnFolder {
  id: string;
  name: string;
  children: DrawnFolder[];
  queryCount: number | null;
  /** Its queries by name, when they are to be listed under it. */
  queries?: Array<{ id: string; name: string }>;
}

/** The lines of a folder tree for a person: `name/ (n queries)  id`, subfolders indented, by name. */
export function drawTree(roots: DrawnFolder[], color: ChalkInstance): string[] {
  const lines: string[] = [];
  const walk = (nodes: DrawnFolder[], indent: string) => {
    for (const node of [...nodes].sort((a, b) => compareText(a.name, b.name))) {
      const n = node.queryCount;
      const count = n === null || node.queries ? '' : color.dim(` (${n} ${n === 1 ? 'query' : 'queries'})`);
      // Names and ids come from the service: shown, never obeyed by the terminal.
      lines.push(`${indent}${visible(node.name)}/${count}  ${color.dim(visible(node.id))}`);
      walk(node.children, `${indent}  `);
      for (const q of node.queries ?? []) lines.push(`${indent}  ${visible(q.name)}  ${color.dim(visible(q.id))}`);
    }
  };
  walk(roots, '');
  return lines;
}
