import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, runDgwInTerminal, tempDir } from './support/dgw.js';

// dgw sql on a terminal draws its streamed rows through the one table layout (output/table.ts,
// StreamedTable): the first page plans the widths and each column's kind from the SQL types the
// local gateway names (numbers right-aligned; a VARCHAR of digits stays text), later pages keep
// the plan, the header is drawn once, and tall output goes through the pager as every table does.
// In a pipe the same rows are TSV and never meet a pager.

const tmp = tempDir('dgw-sql-table-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', NO_COLOR: '1' };
// 2,500 rows: more than the first page (1,000 rows), so later pages keep the first page's plan.
const SQL = "SELECT i AS n, (i * 7)::VARCHAR AS digits, 'w' || i AS word FROM range(2500) t(i) ORDER BY i";

/** A fake pager that copies what it is given to a file. */
function fakePager(): { command: string; got: string } {
  const got = path.join(tmp.dir, 'got');
  const script = path.join(tmp.dir, 'pager.sh');
  fs.writeFileSync(script, `#!/bin/sh\ncat > '${got}'\n`, { mode: 0o755 });
  return { command: script, got };
}

const lines = (text: string) => stripVTControlCharacters(text).replace(/\r/g, '').split('\n').filter((l) => l !== '');

describe('dgw sql on a terminal', () => {
  it('pages a tall result: one header, every row, numbers right-aligned by their SQL type, digits in a VARCHAR left-aligned', async () => {
    const pager = fakePager();
    const r = await runDgwInTerminal(['sql', SQL], { env: { ...env, COLUMNS: '80', LINES: '20', DGW_PAGER: pager.command }, timeoutMs: 60_000 });
    expect(r.code, r.stdout).toBe(0);
    const paged = lines(fs.readFileSync(pager.got, 'utf8'));
    expect(paged[0]).toMatch(/^ +n {2}digits {2}word$/);
    expect(paged[1]).toMatch(/^─+ {2}─+ {2}─+$/);
    expect(paged.filter((l) => /\bdigits\b/.test(l))).toHaveLength(1);
    expect(paged).toHaveLength(2 + 2500);
    // Every row under the one plan: n right-aligned under its title, digits and word left-aligned
    // under theirs (the digits are a VARCHAR: text, whatever they look like).
    const nEnd = paged[0].indexOf('n') + 1;
    const digitsAt = paged[0].indexOf('digits');
    const wordAt = paged[0].indexOf('word');
    for (let i = 0; i < 2500; i++) {
      const line = paged[2 + i];
      expect(line.slice(0, nEnd), line).toBe(String(i).padStart(nEnd));
      expect(line.slice(digitsAt, wordAt).trimEnd(), line).toBe(String(i * 7));
      expect(line.slice(wordAt), line).toBe(`w${i}`);
    }
    // None of it went to the terminal itself.
    expect(r.stdout).not.toContain('w2499');
  });

  it('prints a short result at once, with no pager', async () => {
    const pager = fakePager();
    fs.rmSync(pager.got, { force: true });
    const r = await runDgwInTerminal(['sql', 'SELECT 42 AS answer, \'x\' AS t'], { env: { ...env, COLUMNS: '80', LINES: '20', DGW_PAGER: pager.command } });
    expect(r.code, r.stdout).toBe(0);
    expect(lines(r.stdout)).toEqual(['answer  t', '──────  ─', '    42  x']);
    expect(fs.existsSync(pager.got)).toBe(false);
  });
});

describe('dgw sql in a pipe', () => {
  it('prints the rows as TSV and never starts the pager', async () => {
    const pager = fakePager();
    fs.rmSync(pager.got, { force: true });
    const r = await runDgw(['sql', SQL], { env: { ...env, COLUMNS: '80', LINES: '20', DGW_PAGER: pager.command }, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.split('\n').filter(Boolean);
    expect(out).toHaveLength(2500);
    expect(out[1234]).toBe('1234\t8638\tw1234');
    expect(fs.existsSync(pager.got)).toBe(false);
  });
});
