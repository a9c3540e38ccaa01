import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { join } from 'node:path';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';

// A result's table shows NULL as NULL (dim on a colour terminal), as DuckDB's own shell does: a blank
// cell read the same for NULL and the empty string. Lists of dgw's own records keep blanks.

const tmp = tempDir('dgw-table-null-');
afterAll(() => tmp.remove());
const SQL = "SELECT NULL AS n, '' AS e, 'x' AS x, 1 AS one UNION ALL SELECT 'a', 'b', NULL, NULL";

describe('NULL in a result table', () => {
  const { dgw } = localCli(tmp.dir, 'spec');

  it('shows as NULL, and the empty string as nothing', async () => {
    const table = await dgw('sql', SQL, '--format', 'table');
    expect(table.split('\n').map((l) => l.trimEnd())).toEqual(['n     e  x      one', '────  ─  ────  ────', 'NULL     x        1', 'a     b  NULL  NULL', '']);
  });

  it('is dim where colour is on', async () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config-spec'), DGW_LOCAL_DIR: join(tmp.dir, 'data-spec'), FORCE_COLOR: '1' };
    const r = await runAsBinaryWould(['--zone', 'local', 'sql', SQL, '--format', 'table'], { env });
    expect(r.stdout).toContain('\u001b[2mNULL\u001b[22m');
    expect(r.stdout).not.toContain('\u001b[2m\u001b[22m');
  });

  it('stays \\N in TSV and empty in CSV, and a list of records keeps its blanks', async () => {
    expect(await dgw('sql', SQL, '--format', 'tsv')).toBe('\\N\t\tx\t1\na\tb\t\\N\t\\N\n');
    expect(await dgw('sql', SQL, '--format', 'csv')).toBe('n,e,x,one\n,"",x,1\na,b,,\n');
    expect(await dgw('catalog', 'list', '--format', 'table')).not.toContain('NULL');
  });
});
