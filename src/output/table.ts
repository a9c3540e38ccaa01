import type { ChalkInstance } from 'chalk';
import { fit, GAP } from './column-widths.js';
import { cutToWidth, padToWidth, textWidth, wrapToWidth } from './text-width.js';
import { visible } from './visible.js';

// The one place dgw draws tables for a person (loaded only when one is drawn): rows under a
// header and a rule, fitted to the terminal's width, and a record as title/value lines whose long
// values wrap. Everything is measured after control characters are escaped, in display columns.

/**
 * What a column holds, which decides how it is laid out:
 * - `key`: the id or name of the row, what a person copies into the next command: never
 *   shortened, never left out;
 * - `id`: another id (of a folder, a connection): never shortened, left out when it cannot fit;
 * - `text`: free text (SQL, messages, paths, display names): the first to be shortened, with an ellipsis;
 * - `plain`: short values (a type, a status): shortened only once the free text cannot give more;
 * - `number`: right-aligned, never shortened (a cut number is a wrong number);
 * - `time`: an ISO 8601 instant, shown as a person reads it (`3 minutes ago`), never shortened.
 */
export type ColumnKind = 'key' | 'id' | 'text' | 'plain' | 'number' | 'time';

/** A column of a table: its title (as `fieldTitle` made it) and what it holds. */
export interface TableColumn {
  title: string;
  kind: ColumnKind;
}

/** Where a table is drawn. */
export interface TableView {
  /** The terminal's columns; undefined when there is no terminal to fit (`--format table` into a pipe). */
  width?: number;
  color: ChalkInstance;
  /** The clock's now, in milliseconds, for times. */
  now: number;
}

/** A drawn list: its text, and a note naming the columns left out because even shortened they did not fit. */
export interface DrawnList {
  text: string;
  note?: string;
}

const RULE = '─';

/** Rows under their header, fitted to the view's width. */
export async function drawList(columns: TableColumn[], rows: unknown[][], view: TableView): Promise<DrawnList> {
  const cells = await cellRows(columns, rows, view.now, false);
  const layout = TableLayout.plan(columns, cells, view.width);
  const lines = [...layout.header(view.color), ...cells.flatMap((r) => layout.row(r))];
  return { text: lines.join('\n'), note: hiddenNote(layout.hidden, view.width) };
}

/** What a person is told of the columns left out (wrapped to the width), or undefined for none. */
function hiddenNote(hidden: string[], width: number | undefined): string | undefined {
  if (hidden.length === 0) return undefined;
  const note = `not shown at this width: ${hidden.join(', ')} (--json shows every field)`;
  return width === undefined ? note : wrapToWidth(note, width).join('\n');
}

/**
 * A table drawn as its rows arrive (a streamed SQL result, a page at a time): the first page plans
 * the widths and brings the header; later pages keep the plan, so printing never waits for the
 * last row (a later, longer value is shortened like the others).
 */
export class StreamedTable {
  private layout?: TableLayout;
  constructor(
    private readonly columns: TableColumn[],
    private readonly view: TableView,
  ) {}

  /** The lines of a page of rows, ending in a newline; the first page's start with the header. */
  async page(rows: unknown[][]): Promise<string> {
    if (rows.length === 0) return '';
    const cells = await cellRows(this.columns, rows, this.view.now, false);
    const first = this.layout === undefined;
    this.layout ??= TableLayout.plan(this.columns, cells, this.view.width);
    const lines = [...(first ? this.layout.header(this.view.color) : []), ...cells.flatMap((r) => this.layout!.row(r))];
    return `${lines.join('\n')}\n`;
  }

  /** Once every page is drawn: the note naming the columns left out, if any. */
  get note(): string | undefined {
    return this.layout ? hiddenNote(this.layout.hidden, this.view.width) : undefined;
  }
}

/**
 * One record: a line per field, its title then its value. A value longer than the line wraps
 * under itself (a record is read whole: nothing is cut); a value of several lines keeps them.
 */
export async function drawRecord(columns: TableColumn[], values: unknown[], view: TableView): Promise<string> {
  const [cells] = await cellRows(columns, [values], view.now, true);
  const titleWidth = Math.max(0, ...columns.map((c) => textWidth(visible(c.title))));
  const valueWidth = view.width === undefined ? undefined : Math.max(20, view.width - titleWidth - GAP);
  const indent = ' '.repeat(titleWidth + GAP);
  const lines: string[] = [];
  for (const [i, column] of columns.entries()) {
    const title = visible(column.title);
    const valueLines = cells[i].split('\n').flatMap((l) => (valueWidth === undefined ? [l] : wrapToWidth(l, valueWidth)));
    const [first, ...rest] = valueLines;
    lines.push(`${view.color.bold(title)}${' '.repeat(titleWidth - textWidth(title) + GAP)}${first}`.trimEnd());
    for (const line of rest) lines.push(`${indent}${line}`.trimEnd());
  }
  return lines.join('\n');
}

/**
 * Each value as the text of its cell: nothing for null, JSON for objects and arrays, times as a
 * person reads them, control characters escaped (newlines aside: a cell may have several lines).
 */
export async function cellRows(columns: TableColumn[], rows: unknown[][], now: number, withDate: boolean): Promise<string[][]> {
  const times = columns.some((c) => c.kind === 'time') ? await import('./times.js') : undefined;
  return rows.map((row) => columns.map((c, i) => cellText(times && c.kind === 'time' ? times.readableTime(row[i], now, { withDate }) : row[i])));
}

/** A value as a table cell, for a person. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return visible(JSON.stringify(value));
  return visible(String(value), '\n').replace(/\r\n/g, '\n');
}

/**
 * The widths of a table's columns, planned once from rows at hand, and the drawing of a header
 * and of rows with them. A streamed result plans from its first rows and keeps the plan for the
 * rest (a later, longer value is shortened like the others).
 */
export class TableLayout {
  private constructor(
    private readonly columns: TableColumn[],
    /** Indexes of the columns shown, in order. */
    private readonly shown: number[],
    /** Width of each shown column, in the order of `shown`. */
    private readonly widths: number[],
    /** Titles of the columns left out. */
    readonly hidden: string[],
  ) {}

  /**
   * Fits the columns in `width` (no limit when undefined): when the natural widths are too wide,
   * the widest free-text columns are shortened first, then plain ones, each down to a few
   * characters; when even that is too wide, columns are left out from the right, keys never.
   */
  static plan(columns: TableColumn[], rows: string[][], width?: number): TableLayout {
    const sizes = columns.map((c, i) => {
      const values = Math.max(0, ...rows.map((r) => longestLine(r[i])));
      return { kind: c.kind, values, natural: Math.max(textWidth(visible(c.title)), values) };
    });
    // Left out first: columns with nothing in them (no loss), then the others from the right.
    const empty = (i: number) => sizes[i].values === 0;
    let shown = columns.map((_, i) => i);
    for (;;) {
      const { widths, fits } = fit(shown.map((i) => sizes[i]), width);
      const droppable = shown.filter((i) => columns[i].kind !== 'key');
      // One column always stays, however narrow the terminal.
      const drop = shown.length > 1 ? (droppable.findLast(empty) ?? droppable.at(-1)) : undefined;
      if (fits || drop === undefined) {
        const hidden = columns.filter((_, i) => !shown.includes(i) && !empty(i)).map((c) => visible(c.title));
        return new TableLayout(columns, shown, widths, hidden);
      }
      shown = shown.filter((i) => i !== drop);
    }
  }

  /** The header line (bold titles) and the rule under it. */
  header(color: ChalkInstance): string[] {
    const titles = this.shown.map((i, k) => color.bold(this.fitted(visible(this.columns[i].title), k, true)));
    const rule = this.widths.map((w) => RULE.repeat(w)).join(' '.repeat(GAP));
    return [titles.join(' '.repeat(GAP)), color.dim(rule)];
  }

  /** A row (its cells as `cellRows` made them) as lines: one, or more when a value has several lines. */
  row(cells: string[]): string[] {
    const split = this.shown.map((i) => cells[i].split('\n'));
    const height = Math.max(1, ...split.map((l) => l.length));
    const lines: string[] = [];
    for (let line = 0; line < height; line++) {
      lines.push(split.map((l, k) => this.fitted(l[line] ?? '', k)).join(' '.repeat(GAP)).trimEnd());
    }
    return lines;
  }

  /**
   * A line of a cell in the k-th shown column: shortened when too wide (free text, plain values,
   * times and titles), then padded to the column
   * (numbers on the left, so they align on their last digit); the last column is not padded, so
   * no line ends in spaces.
   */
  private fitted(text: string, k: number, title = false): string {
    const kind = this.columns[this.shown[k]].kind;
    // The plan made room for every key, id and number it saw; one that comes later (a streamed
    // page) and is wider stays whole, and its row a little wider, rather than be wrong. Titles
    // are always cut to the plan.
    const whole = !title && (kind === 'key' || kind === 'id' || kind === 'number');
    const cut = whole ? text : cutToWidth(text, this.widths[k]);
    if (kind !== 'number' && k === this.shown.length - 1) return cut;
    return padToWidth(cut, this.widths[k], kind === 'number' ? 'right' : 'left');
  }
}

function longestLine(text: string): number {
  return Math.max(...text.split('\n').map(textWidth));
}
