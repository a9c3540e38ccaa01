import type { ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import { strlen } from 'cli-table3/src/utils.js';
import { fit, GAP } from './column-widths.js';
import { wrapToWidth } from './text-width.js';
import { visible } from './visible.js';

// The one place dgw draws tables; dgw plans the widths because cli-table3 cannot choose which column gives way.

/** How a column is laid out: `key` never cut nor left out, `id` left out before cut, `text` cut first, `plain` next, `number` and `time` never cut. */
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

/** A list to draw: its lines a batch at a time, drawn as asked for, and a note naming the columns left out because even shortened they did not fit. */
export interface ListPages {
  pages: Iterable<string>;
  note?: string;
}

/** No border, as gh draws a table: no padding, columns two spaces apart. */
const BORDERLESS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: ' '.repeat(GAP),
};
/** A list's one line, the rule under its header: the compact style draws `mid` there only, not between rows. */
const WITH_RULE = { ...BORDERLESS, mid: '─', 'mid-mid': ' '.repeat(GAP) };
/** Colours are dgw's (chalk, which follows NO_COLOR and --no-color), never cli-table3's own. */
const STYLE = { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true };

/** Ends a list cell's line that its value continues on the next (psql marks it with +). */
const CONTINUED = '↵';

/** Rows given to one cli-table3 table (see TableLayout.draw). */
const ROWS_PER_DRAW = 100;

/** Kinds never cut: a cut id is useless, a cut number wrong. */
const WHOLE: ReadonlySet<ColumnKind> = new Set(['key', 'id', 'number']);

/** Rows under their header, fitted to the view's width (planned from every row), drawn a batch at a time: 10,000 rows take cli-table3 seconds. */
export async function listPages(columns: TableColumn[], rows: unknown[][], view: TableView): Promise<ListPages> {
  const cells = await listCells(columns, rows, view.now);
  const layout = TableLayout.plan(columns, cells, view.width);
  function* pages(): Iterable<string> {
    for (let at = 0; at === 0 || at < cells.length; at += ROWS_PER_DRAW) yield layout.draw(cells.slice(at, at + ROWS_PER_DRAW), view.color, at === 0);
  }
  return { pages: pages(), note: hiddenNote(layout.hidden, view.width) };
}

/** What a person is told of the columns left out (wrapped to the width), or undefined for none. */
function hiddenNote(hidden: string[], width: number | undefined): string | undefined {
  if (hidden.length === 0) return undefined;
  const note = `not shown at this width: ${hidden.join(', ')} (--json shows every field)`;
  return width === undefined ? note : wrapToWidth(note, width).join('\n');
}

/** A table drawn as its rows arrive; the first page's plan holds for later ones. */
export class StreamedTable {
  private layout?: TableLayout;
  /** `nullText`: how a NULL shows (a result's rows show it, so it differs from the empty string). */
  constructor(
    private readonly columns: TableColumn[],
    private readonly view: TableView,
    private readonly nullText = '',
  ) {}

  /** The lines of a page of rows, ending in a newline; the first page's start with the header. */
  async page(rows: unknown[][]): Promise<string> {
    if (rows.length === 0) return '';
    const cells = await listCells(this.columns, rows, this.view.now, this.nullText);
    const first = this.layout === undefined;
    this.layout ??= TableLayout.plan(this.columns, cells, this.view.width);
    return `${this.layout.draw(cells, this.view.color, first)}\n`;
  }

  /** Once every page is drawn: the note naming the columns left out, if any. */
  get note(): string | undefined {
    return this.layout ? hiddenNote(this.layout.hidden, this.view.width) : undefined;
  }
}

/** One record, a line per field; long values wrap, nothing is cut. */
export async function drawRecord(columns: TableColumn[], values: unknown[], view: TableView): Promise<string> {
  // A record's long text is often SQL indented with tabs: shown as spaces to the next stop of four, not as \x09.
  const [cells] = await cellRows(columns, [values.map((v) => (typeof v === 'string' ? expandTabs(v) : v))], view.now, true);
  const titles = columns.map((c) => visible(c.title));
  const valueWidth = view.width === undefined ? undefined : Math.max(20, view.width - Math.max(0, ...titles.map(strlen)) - GAP);
  // Values come pre-wrapped: cli-table3's wrapping would cut long words and count characters, not display columns.
  const wrap = (cell: string) => (valueWidth === undefined ? cell : cell.split('\n').flatMap((l) => wrapToWidth(l, valueWidth)).join('\n'));
  const table = new Table({ chars: BORDERLESS, style: STYLE });
  table.push(...titles.map((title, i) => [view.color.bold(title), wrap(cells[i])]));
  return trimmedLines(table).join('\n');
}

/** Each value as its cell text, control characters escaped but newlines kept. */
async function cellRows(columns: TableColumn[], rows: unknown[][], now: number, withDate: boolean, nullText = ''): Promise<string[][]> {
  const times = columns.some((c) => c.kind === 'time') ? await import('./times.js') : undefined;
  return rows.map((row) => columns.map((c, i) => cellText(times && c.kind === 'time' ? times.readableTime(row[i], now, { withDate }) : row[i], nullText)));
}

/** A list's cells: a line that a value continues on the next ends in ↵, so it cannot pass for a row with empty columns. */
async function listCells(columns: TableColumn[], rows: unknown[][], now: number, nullText = ''): Promise<string[][]> {
  const cells = await cellRows(columns, rows, now, false, nullText);
  return cells.map((row) => row.map((cell) => (cell.includes('\n') ? cell.replaceAll('\n', `${CONTINUED}\n`) : cell)));
}

/** A value as a table cell, for a person. */
function cellText(value: unknown, nullText = ''): string {
  if (value === null || value === undefined) return nullText;
  if (typeof value === 'object') return visible(JSON.stringify(value));
  // A CR ending a line (Windows line ends) is no character to show.
  return visible(String(value).replace(/\r\n/g, '\n'), '\n');
}

/** Tabs as spaces to the next stop of four, line by line. */
function expandTabs(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[^\t]*\t/g, (run) => `${run.slice(0, -1)}${' '.repeat(4 - ((run.length - 1) % 4))}`))
    .join('\n');
}

/** The lines cli-table3 drew, without the spaces it pads the last column with. */
function trimmedLines(table: Table.Table): string[] {
  return table.toString().split('\n').map((l) => l.trimEnd());
}

/** Column widths planned once from rows at hand; a streamed result keeps the plan. */
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

  /** Too wide: free text shortens first, then plain; then columns drop from the right, keys never. */
  static plan(columns: TableColumn[], rows: string[][], width?: number): TableLayout {
    const sizes = columns.map((c, i) => {
      const values = widest(rows, i);
      return { kind: c.kind, values, natural: Math.max(strlen(visible(c.title)), values) };
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

  /** Rows drawn with the plan by cli-table3, numbers right-aligned on their last digit. */
  draw(rows: string[][], color: ChalkInstance, head: boolean): string {
    const kinds = this.shown.map((i) => this.columns[i].kind);
    const page = rows.map((r) => this.shown.map((i) => r[i]));
    const options = {
      // A later key, id or number wider than the plan widens its column rather than be cut.
      colWidths: this.widths.map((w, k) => (WHOLE.has(kinds[k]) ? Math.max(w, widest(page, k)) : w)),
      colAligns: kinds.map((kind): 'left' | 'right' => (kind === 'number' ? 'right' : 'left')),
      chars: WITH_RULE,
      style: STYLE,
    };
    const lines: string[] = [];
    // cli-table3's layout time grows with the square of its rows, so rows go to it in batches at the same widths.
    const titles = shortTitles(this.shown.map((i) => visible(this.columns[i].title)), options.colWidths).map((t) => color.bold(t));
    for (let at = 0; at === 0 || at < page.length; at += ROWS_PER_DRAW) {
      const table = new Table({ ...options, head: head && at === 0 ? titles : [] });
      for (const row of page.slice(at, at + ROWS_PER_DRAW)) table.push(row);
      lines.push(...trimmedLines(table));
    }
    // The rule under the header is dim; cli-table3's own border colours are off (STYLE).
    if (head && page.length > 0) lines[1] = color.dim(lines[1]);
    return lines.join('\n');
  }
}

/** Titles cut at the end as cli-table3 does, unless the cut start is another's too: "CAT…NAME", "CATAL…ID", not "CATALOG…" twice. */
export function shortTitles(titles: string[], widths: number[]): string[] {
  return titles.map((title, k) => {
    if (strlen(title) <= widths[k]) return title;
    const cut = title.slice(0, widths[k] - 1);
    const last = title.slice(title.lastIndexOf(' ') + 1);
    const keep = widths[k] - 1 - strlen(last);
    const shared = titles.some((other, j) => j !== k && other.startsWith(cut));
    return shared && last !== title && keep >= 0 ? `${title.slice(0, keep).trimEnd()}…${last}` : title;
  });
}

function widest(rows: string[][], i: number): number {
  return rows.reduce((most, r) => Math.max(most, strlen(r[i])), 0);
}
