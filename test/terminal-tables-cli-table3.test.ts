import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// Terminal tables are drawn by cli-table3 (borderless, a rule under the header), to the widths dgw
// plans for the terminal: the library is watched as it is called, so a table drawn by hand, or a
// number column not right-aligned, fails here.

const made = vi.hoisted(() => [] as Array<{ colWidths?: Array<number | null>; colAligns?: string[] }>);
vi.mock('cli-table3', async (importOriginal) => {
  const { default: Table } = await importOriginal<{ default: typeof import('cli-table3') }>();
  class Watched extends Table {
    constructor(options: ConstructorParameters<typeof Table>[0]) {
      super(options);
      made.push(options ?? {});
    }
  }
  return { default: Watched };
});

const tmp = tempDir('dgw-cli-table3-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', NO_COLOR: '1', DGW_PAGER: '' };
const SQL = "SELECT * FROM (VALUES (7, 'a long piece of free text that cannot fit in forty columns', 1.5), (1234, 'short', 10.25)) t(n, note, x)";

describe('terminal tables', () => {
  it('terminal tables are drawn by cli-table3, numbers right-aligned; a query result keeps its full width at 40 columns', async () => {
    made.length = 0;
    const r = await runInProcess(['sql', SQL], { env, terminalColumns: 40 });
    expect(r.code, r.stderr).toBe(0);
    const lines = stripVTControlCharacters(r.stdout).split('\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^ {3}n {2}note {2,}x$/);
    expect(lines[2]).toMatch(/^ {3}7 {2}a long piece of free text that cannot fit in forty columns {2,}1\.50$/);
    expect(lines[3]).toMatch(/^1234 {2}short {2,}10\.25$/);
    // cli-table3 drew it, right-aligning the numbers, each column at its own width.
    expect(made).toHaveLength(1);
    expect(made[0].colAligns).toEqual(['right', 'left', 'right']);
    expect(made[0].colWidths).toEqual([4, 'a long piece of free text that cannot fit in forty columns'.length, 5]);
  });
});
