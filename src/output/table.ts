import type { ChalkInstance } from 'chalk';
import { visible } from './visible.js';

// The one place dgw draws tables for a terminal (cli-table3, loaded on first use): a list of rows
// under a header, and a record as title/value lines. Width, paging and alignment belong here.

/** No rule between body rows: long lists stay readable. */
const COMPACT = { mid: '', 'left-mid': '', 'right-mid': '', 'mid-mid': '' };

/** Rows under their header, each cell as `cell` shows it. */
export async function drawList(head: string[], rows: unknown[][], color: ChalkInstance): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const table = new Table({ head: head.map((h) => color.bold(visible(h))), style: { head: [], border: [] }, chars: COMPACT });
  for (const r of rows) table.push(r.map(cell));
  return table.toString();
}

/** One record: a line per field, its title then its value. */
export async function drawRecord(titles: string[], values: unknown[], color: ChalkInstance): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const table = new Table({ style: { head: [], border: [] }, chars: COMPACT });
  for (const [i, t] of titles.entries()) table.push({ [color.bold(visible(t))]: cell(values[i]) });
  return table.toString();
}

/**
 * A value as a table cell, for a person: nothing for null, JSON for objects and arrays, control
 * characters escaped (a table is drawn, even into a pipe, to be read).
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return visible(JSON.stringify(value));
  return visible(String(value), '\n');
}
