import type { ColumnKind } from './table.js';


/** Space between two columns. */
export const GAP = 2;
/** The narrowest a shortened column gets: free text, then plain values. */
const MIN_TEXT = 8;
const MIN_PLAIN = 6;

/** A column as the fitting sees it: its kind, its widest value, and that or its title's width. */
export interface ColumnSize {
  kind: ColumnKind;
  natural: number;
  values: number;
}

/** The widths that fit `width`; wide titles give first, then free text, then plain values, widest first. */
export function fit(columns: ColumnSize[], width: number | undefined): { widths: number[]; fits: boolean } {
  const widths = columns.map((c) => c.natural);
  if (width === undefined) return { widths, fits: true };
  let excess = widths.reduce((a, b) => a + b, 0) + GAP * (columns.length - 1) - width;
  const passes: Array<[(kind: ColumnKind) => boolean, (c: ColumnSize) => number]> = [
    // A title wider than every value of its column gives first: it only names the column.
    [() => true, (c) => Math.max(c.values, Math.min(c.natural, MIN_PLAIN))],
    [(kind) => kind === 'text', (c) => Math.min(c.natural, MIN_TEXT)],
    [(kind) => kind === 'plain', (c) => Math.min(c.natural, MIN_PLAIN)],
  ];
  for (const [which, min] of passes) {
    if (excess <= 0) break;
    const lowered = columns.flatMap((c, i) => (which(c.kind) ? [i] : []));
    excess = lower(widths, lowered, (i) => min(columns[i]), excess);
  }
  return { widths, fits: excess <= 0 };
}

function lower(widths: number[], which: number[], min: (i: number) => number, excess: number): number {
  const floor = new Map(which.map((i) => [i, Math.min(widths[i], min(i))]));
  const before = new Map(which.map((i) => [i, widths[i]]));
  const at = (i: number, cap: number) => Math.max(floor.get(i)!, Math.min(before.get(i)!, cap));
  const saved = (cap: number) => which.reduce((sum, i) => sum + before.get(i)! - at(i, cap), 0);
  const most = saved(0);
  if (most <= excess) {
    for (const i of which) widths[i] = floor.get(i)!;
    return excess - most;
  }
  // The highest cap that saves enough (saved() falls as the cap rises).
  let low = 0;
  let high = Math.max(...before.values());
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (saved(mid) >= excess) low = mid;
    else high = mid;
  }
  let spare = saved(low) - excess;
  for (const i of which) widths[i] = at(i, low);
  // What the cap took beyond the need goes back, a column at a time, to those it lowered.
  for (const i of which) {
    if (spare === 0) break;
    if (before.get(i)! > widths[i]) {
      widths[i] += 1;
      spare -= 1;
    }
  }
  return 0;
}
