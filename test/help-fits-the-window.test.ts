import { describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';

const env = { DGW_PAGER: '' };
const widest = (lines: string[]) => Math.max(...lines.map((l) => l.length));
/** The lines commander lays out (usage, options, commands), not the hand-written text after them. */
const laidOut = (help: string) => help.split(/\n(?:Examples|JSON fields)/)[0].split('\n');

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
});
