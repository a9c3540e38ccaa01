import { Chalk } from 'chalk';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { drawRecord, listPages, StreamedTable, TableLayout, type ColumnKind, type TableColumn, type TableView } from '../src/output/table.js';

/** A list drawn whole: its pages joined, as a terminal shows them one after another. */
const drawList = async (columns: TableColumn[], rows: unknown[][], view: TableView) => {
  const { pages, note } = await listPages(columns, rows, view);
  return { text: [...pages].join('\n'), note };
};
import { wrapToWidth } from '../src/output/text-width.js';

// The table layout on its own: widths by display columns, what gives way first, what never does.

const plain = new Chalk({ level: 0 });
const NOW = Date.parse('2026-11-23T06:19:01.582Z');
const view = (width?: number) => ({ width, color: plain, now: NOW });
const col = (title: string, kind: ColumnKind): TableColumn => ({ title, kind });

/** Every line of `text` within `width` display columns. */
function widest(text: string): number {
  return Math.max(...text.split('\n').map((l) => stringWidth(l)));
}

describe('display width', () => {
  it('cells are cut by columns (cli-table3), never wider than their column: wide CJK, emoji, combining marks', async () => {
    // A key of one column and two spaces leave the free text 9 columns at a width of 12.
    const cut = async (text: string) => (await drawList([col('K', 'key'), col('T', 'text')], [['k', text]], view(12))).text.split('\n')[2].slice(3);
    expect(await cut('東京都庁舎の展望室から')).toBe('東京都庁…');
    expect(await cut('👩‍👩‍👧 family of four')).toBe('👩‍👩‍👧 famil…');
    expect(await cut('e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301')).toBe('e\u0301'.repeat(8) + '…');
    expect(await cut('short')).toBe('short');
    for (const text of ['東京都庁舎の展望室から', '👩‍👩‍👧 family of four', 'a🚀b🚀c🚀d🚀e🚀f']) expect(stringWidth(await cut(text))).toBeLessThanOrEqual(9);
  });

  it('wraps at spaces where it can, inside a word where it must, losing nothing', () => {
    const text = 'SELECT customer_id, sum(amount) AS revenue FROM svc.table.orders_with_a_very_long_name GROUP BY 1';
    const lines = wrapToWidth(text, 24);
    for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(24);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    expect(lines[0]).toBe('SELECT customer_id,');
  });
});

describe('a list', () => {
  const columns = [col('ID', 'key'), col('NAME', 'key'), col('DISPLAY NAME', 'text'), col('TYPE', 'plain'), col('COUNT', 'number'), col('CREATED AT', 'time')];
  const rows = [
    ['3f2b8c1e-0000-4000-8000-000000000001', 'revbycust', 'Revenue by customer, 東京 and 🚀 growth, a long title indeed', 'MATERIALIZED', 1234, '2026-11-23T06:16:01Z'],
    ['3f2b8c1e-0000-4000-8000-000000000002', 'x', 'Short', 'PLAIN', 5, '2026-11-23T12:19:01Z'],
  ];

  it('at every width from 50 to 160, no line is wider than the width; keys whole', async () => {
    for (let width = 50; width <= 160; width++) {
      const { text } = await drawList(columns, rows, view(width));
      expect(widest(text), `${width}\n${text}`).toBeLessThanOrEqual(width);
      expect(text).toContain(rows[0][0]);
      expect(text).toContain('revbycust');
    }
  });

  it('with room, nothing is cut; without a width (a pipe), nothing either', async () => {
    const wide = await drawList(columns, rows, view(200));
    expect(wide.text).not.toContain('…');
    expect(wide.note).toBeUndefined();
    expect((await drawList(columns, rows, view(undefined))).text).toBe(wide.text);
  });

  it('the header has a rule; numbers are right-aligned; times read as a person reads them', async () => {
    // At 90 columns the display name is cut before its wide characters: string indexes are columns.
    const { text } = await drawList(columns, rows, view(90));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^ID +NAME +DISPLAY… +TYPE +COUNT +CREATED AT$/);
    expect(lines[1]).toMatch(/^─+( {2}─+){5}$/);
    const countEnd = lines[0].indexOf('COUNT') + 'COUNT'.length;
    expect(lines[2].slice(0, countEnd).endsWith('1234')).toBe(true);
    expect(lines[3].slice(0, countEnd).endsWith('5')).toBe(true);
    expect(lines[2]).toContain('3 minutes ago');
    expect(lines[3]).toContain('in 6 hours');
  });

  it('free text gives way before plain values; columns go from the right, empty ones first', async () => {
    const at100 = await drawList(columns, rows, view(100));
    expect(at100.text).toContain('MATERIALIZED');
    expect(at100.text).toContain('Revenue by cus…');
    const withEmpty = [...columns, col('MESSAGE', 'text')];
    const narrow = await drawList(withEmpty, rows.map((r) => [...r, null]), view(60));
    // MESSAGE (empty) went first and is not worth a note; CREATED AT went next and is named.
    expect(narrow.text).not.toContain('MESSAGE');
    expect(narrow.note).toMatch(/not shown at this width: .*CREATED AT/);
    expect(narrow.note).not.toContain('MESSAGE');
  });

  it('a streamed table keeps the plan of its first rows: later, longer values are cut to it', () => {
    const layout = TableLayout.plan([col('A', 'key'), col('B', 'text')], [['1', 'short']], 40);
    expect(layout.draw([['2', 'a value far longer than the plan made room for']], plain, false)).toBe('2  a va…');
  });

  it('however narrow the terminal, one column stays; keys that alone are too wide stay whole', async () => {
    const text = await drawList([col('a', 'text'), col('b', 'text')], [['a long value here', 'another long value']], view(9));
    expect(text.text.split('\n')).toEqual(['a', '─────────', 'a long v…']);
    // Below the narrowest a column gets (8 for free text), the line is as narrow as it can be.
    const tiny = await drawList([col('a', 'text'), col('b', 'text')], [['a long value here', 'another long value']], view(5));
    expect(tiny.text.split('\n')).toEqual(['a', '────────', 'a long …']);
    const keys = await drawList([col('ID', 'key'), col('NOTE', 'text')], [['3f2b8c1e-0000-4000-8000-000000000001', 'x']], view(20));
    expect(keys.text).toContain('3f2b8c1e-0000-4000-8000-000000000001');
    expect(keys.text).not.toContain('NOTE');
  });

  it('StreamedTable: the first page plans and brings the header; later pages keep the widths', async () => {
    const table = new StreamedTable([col('N', 'number'), col('WORD', 'text')], view(20));
    const first = await table.page([[1, 'short'], [22, 'a little longer']]);
    const later = await table.page([[333, 'a value longer than any of the first page']]);
    // A later number wider than the plan stays whole (its row a column wider); later text is cut to the plan.
    expect(`${first}${later}`.split('\n')).toEqual([' N  WORD', '──  ───────────────', ' 1  short', '22  a little longer', '333  a value longer…', '']);
    expect(await table.page([])).toBe('');
    expect(table.note).toBeUndefined();
  });

  it('control characters are escaped and measured escaped; a newline makes a second line, the first marked as continued', async () => {
    const { text } = await drawList([col('A', 'key'), col('B', 'text')], [['k', 'one\ntwo\x1b[2J']], view(40));
    expect(text.split('\n')).toEqual(['A  B', '─  ──────────', 'k  one↵', '   two\\x1b[2J']);
  });

  it('a value on several lines cannot pass for rows: every line it continues from ends in ↵, in a list and a streamed page', async () => {
    const rows = [['a', 'first\nsecond\n\nlast', 'x'], ['b', 'one line', 'y']];
    const columns = [col('K', 'key'), col('V', 'text'), col('W', 'plain')];
    const { text } = await drawList(columns, rows, view(60));
    expect(text.split('\n')).toEqual(['K  V         W', '─  ────────  ─', 'a  first↵    x', '   second↵', '   ↵', '   last', 'b  one line  y']);
    const page = await new StreamedTable(columns, view(60)).page(rows);
    expect(page).toBe(`${text}\n`);
  });
});

describe('a record', () => {
  it('wraps a long value under itself instead of cutting it', async () => {
    const sql = `SELECT ${Array.from({ length: 20 }, (_, i) => `column_${i}`).join(', ')} FROM svc.table.orders`;
    const text = await drawRecord([col('ID', 'key'), col('INPUT QUERY', 'text')], ['q1', sql], view(50));
    expect(widest(text)).toBeLessThanOrEqual(50);
    expect(text).not.toContain('…');
    const lines = text.split('\n');
    expect(lines[0]).toBe('ID           q1');
    // Continuation lines start under the value.
    expect(lines.slice(2).every((l) => l.startsWith(' '.repeat(13)))).toBe(true);
    expect(lines.slice(1).map((l) => l.replace(/^INPUT QUERY/, '').trim()).join(' ')).toBe(sql);
  });

  it('a time reads relative, with its local date and time', async () => {
    process.env.TZ = 'UTC';
    const text = await drawRecord([col('NEXT', 'time')], ['2026-11-23T12:19:01.582Z'], view(80));
    expect(text).toBe('NEXT  in 6 hours (2026-11-23 12:19)');
  });
});
