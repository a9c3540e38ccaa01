import type { ChalkInstance } from 'chalk';
import { compareText } from '../../output/text-order.js';
import { textWidth, wrapToWidth } from '../../output/text-width.js';
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

/**
 * A folder tree for a person (`name/ (n queries)  id`), fitted to `width`: the indent stops at a quarter of it, deeper
 * lines say their level (`[21] `); an id that does not fit goes whole on a line of its own, a name wraps.
 */
export function drawTree(roots: DrawnFolder[], color: ChalkInstance, width?: number, atRoot: Array<{ id: string; name: string }> = []): string[] {
  const lines: string[] = [];
  const line = (depth: number, text: string, count: string, id: string) => {
    const indent = indentAt(depth, width);
    const room = width === undefined ? Infinity : width - textWidth(indent);
    if (textWidth(`${text}${count}  ${id}`) <= room) return lines.push(`${indent}${text}${color.dim(count)}  ${color.dim(id)}`);
    if (textWidth(`${text}${count}`) <= room) lines.push(`${indent}${text}${color.dim(count)}`);
    else for (const part of wrapToWidth(`${text}${count}`, Math.max(room, 1))) lines.push(`${indent}${part}`);
    lines.push(`${indent}  ${color.dim(`↳ ${id}`)}`);
  };
  const walk = (nodes: DrawnFolder[], depth: number) => {
    for (const node of [...nodes].sort((a, b) => compareText(a.name, b.name))) {
      const n = node.queryCount;
      // Names and ids come from the service: shown, never obeyed by the terminal.
      line(depth, `${visible(node.name)}/`, n === null || node.queries ? '' : ` (${n} ${n === 1 ? 'query' : 'queries'})`, visible(node.id));
      walk(node.children, depth + 1);
      for (const q of node.queries ?? []) line(depth + 1, visible(q.name), '', visible(q.id));
    }
  };
  walk(roots, 0);
  for (const q of atRoot) line(0, visible(q.name), '', visible(q.id));
  return lines;
}

/** Two columns a level, up to a quarter of the width (room for a name and its id); a line deeper than that says its level (1 for a top folder). */
function indentAt(depth: number, width: number | undefined): string {
  const most = width === undefined ? Infinity : 2 * Math.floor(width / 8);
  if (2 * depth <= most) return '  '.repeat(depth);
  const level = `[${depth + 1}] `;
  return `${' '.repeat(Math.max(0, most - level.length))}${level}`;
}
