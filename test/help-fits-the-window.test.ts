import { describe, expect, it } from 'vitest';
import { fitProse } from '../src/root.js';
import { leafCommands } from '../src/schema-files.js';
import { runInProcess } from './support/in-process.js';

const env = { DGW_PAGER: '' };
const widest = (lines: string[]) => Math.max(...lines.map((l) => l.length));
/** The lines commander lays out (usage, options, commands), not the hand-written text after them. */
const laidOut = (help: string) => help.split(/\n(?:Examples|JSON fields)/)[0].split('\n');
/** Lines of text that start at the margin: paragraphs, not examples or lists. */
const prose = (help: string) => help.split('\n').filter((l) => /^\S/.test(l));
const words = (text: string) => text.split(/\s+/).filter(Boolean);
/** The indented lines after `JSON fields`: a field list per variant. */
const jsonFieldLines = (help: string) => help.split(/\nJSON fields[^\n]*\n/)[1]?.split('\n').filter((l) => l.startsWith('  ')) ?? [];
const leafPaths = (await leafCommands()).map((c) => c.path);

describe('help fits the window it is shown in', () => {
  it('the root help lists commands by name and fits 80 columns, on a terminal and in a pipe', async () => {
    for (const terminalColumns of [80, undefined]) {
      const r = await runInProcess(['--help'], { env, terminalColumns });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^ {2}query +Saved SQL queries/m);
      expect(widest(r.stdout.split('\n'))).toBeLessThanOrEqual(80);
    }
  });

  it("a command's options wrap in a 60-column terminal", async () => {
    const r = await runInProcess(['query', 'create', '--help'], { env, terminalColumns: 60 });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--no-check-schema');
    expect(widest(laidOut(r.stdout))).toBeLessThanOrEqual(60);
  });

  it('`dgw help options` wraps in a 60-column terminal', async () => {
    const r = await runInProcess(['help', 'options'], { env, terminalColumns: 60 });
    const items = r.stdout.split('\n').slice(2);
    expect(items.join('\n')).toContain('--timeout <duration>');
    expect(widest(items)).toBeLessThanOrEqual(60);
  });

  it.each(leafPaths)("the paragraphs of `dgw %s --help` fit 80 columns, and 60 on a terminal", async (path) => {
    for (const terminalColumns of [undefined, 60]) {
      const r = await runInProcess([...path.split(' '), '--help'], { env, terminalColumns });
      expect(r.code).toBe(0);
      const lines = prose(r.stdout).filter((l) => words(l).length > 1);
      expect(widest(lines)).toBeLessThanOrEqual(terminalColumns ?? 80);
      expect(widest(jsonFieldLines(r.stdout)), 'its JSON field lists').toBeLessThanOrEqual(terminalColumns ?? 80);
    }
  });

  it('a JSON field list wider than the window is cut between fields, its later lines under its first field', async () => {
    const r = await runInProcess(['table', 'import', '--help'], { env, terminalColumns: 60 });
    expect(jsonFieldLines(r.stdout).slice(0, 2)).toEqual(['  record: table, id, status, startTime, endTime, progress,', '          result, rowCount']);
    const piped = await runInProcess(['table', 'import', '--help'], { env });
    expect(jsonFieldLines(piped.stdout)[0]).toBe('  record: table, id, status, startTime, endTime, progress, result, rowCount');
  });

  it('a paragraph is wrapped only where a line is wider than the window, and keeps every word and its own lines', () => {
    const text = 'Short line.\nA long line that goes on well past the window that it is shown in,\nand ends here.\n  $ dgw an example that stays as it is written however long it is\nLast.';
    expect(fitProse(text, 100)).toBe(text);
    const fitted = fitProse(text, 40);
    expect(fitted.split('\n')).toEqual([
      'Short line.',
      'A long line that goes on well past the',
      'window that it is shown in, and ends',
      'here.',
      '  $ dgw an example that stays as it is written however long it is',
      'Last.',
    ]);
    expect(words(fitted)).toEqual(words(text));
    // Narrower than commander wraps its own columns (40): the paragraph still fits, not one long line.
    const narrow = fitProse(text, 24).split('\n');
    expect(widest(narrow.filter((l) => !l.startsWith(' ')))).toBeLessThanOrEqual(24);
    expect(narrow.length).toBeGreaterThan(text.split('\n').length);
  });
});
