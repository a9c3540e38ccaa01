import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// catalog stats on a terminal: its counts and fraction are numbers, right-aligned as in every table.

const tmp = tempDir('dgw-stats-tty-');
afterAll(() => tmp.remove());

describe('catalog stats on a terminal', () => {
  it('right-aligns the counts and the fraction under their titles', async () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'data'), NO_COLOR: '1', DGW_PAGER: '' };
    const r = await runInProcess(['--zone', 'local', 'catalog', 'stats', '1.table.customers'], { env, terminalColumns: 120 });
    expect(r.code, r.stderr).toBe(0);
    const [header, , first] = r.stdout.split('\n');
    // A right-aligned value ends where its title ends.
    for (const title of ['DISTINCT FRACTION', 'NULL COUNT', 'DISTINCT COUNT']) {
      const end = header.indexOf(title) + title.length;
      expect(first[end - 1], `${title}\n${r.stdout}`).toMatch(/\d/);
      expect(first[end] ?? ' ', r.stdout).toBe(' ');
    }
    // A fraction to four significant digits (20 customers in 60 orders: -0.3333), --json whole.
    const orders = await runInProcess(['--zone', 'local', 'catalog', 'stats', '1.table.orders'], { env, terminalColumns: 120 });
    expect(orders.stdout.split('\n').find((l) => l.startsWith('customer_id')), orders.stdout).toMatch(/^customer_id\s+-0\.3333\s+0\s+20\s/);
    const json = await runInProcess(['--zone', 'local', 'catalog', 'stats', '1.table.orders', '--json'], { env });
    expect(JSON.parse(json.stdout).columnStatistics[1].distinctFraction).toBe(-1 / 3);
    // The row count is the table's, not a count of the lines printed (one a column).
    expect(r.stderr).toContain('the table holds 20 rows');
  });
});
