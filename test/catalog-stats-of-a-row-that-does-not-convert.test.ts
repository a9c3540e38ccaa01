import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// Statistics read every row of a connected file: a line past DuckDB's sample that does not convert
// to the column's detected type is the file's problem (exit 6, as SQL says it), not a gateway failure.

const tmp = tempDir('dgw-stats-bad-row-');
afterAll(() => tmp.remove());

describe('catalog stats of a CSV with a line that does not convert', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('exits 6 naming the line, not 8 as an internal error', async () => {
    const file = join(tmp.dir, 'late.csv');
    writeFileSync(file, `id\n${Array.from({ length: 30_000 }, (_, i) => i).join('\n')}\nnot-a-number\n`);
    await dgw('connection', 'create', 'late', '--type', 'csv', '--field', `path=${file}`);
    const r = await run('catalog', 'stats', 'late.main.late');
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('not-a-number');
    expect(r.stderr).not.toContain('internal error');
  });
});
