import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAsBinaryWould } from './support/in-process.js';
import { tempDir } from './gateway/helpers.js';
import { walkShapes } from './support/walk-shapes.js';

// Golden SQLs on the local gateway (issue #26): stored in the project, checked as saved queries
// are, found by a lexical ranking (no model runs locally), removed; in both API shapes.

const tmp = tempDir('dgw-golden-');
afterAll(() => tmp.remove());

for (const shape of walkShapes) {
  describe(`golden SQLs, ${shape} shape`, () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, `config-${shape}`), DGW_LOCAL_DIR: join(tmp.dir, `data-${shape}`), DGW_LOCAL_API_SHAPE: shape };
    const run = (args: string[], input?: string) => runAsBinaryWould(['--zone', 'local', ...args], { env, input });
    const json = async (...args: string[]) => {
      const r = await run([...args, '--json']);
      expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
      return JSON.parse(r.stdout);
    };

    it('adds, lists, ranks by the words shared (the question counting twice) and removes', async () => {
      const revenue = await json('golden-sql', 'add', 'Revenue by customer', '--sql', 'SELECT customer_id, sum(amount) AS revenue FROM svc.table.orders GROUP BY 1');
      const statuses = await json('golden-sql', 'add', 'How many orders per status?', '--sql', 'SELECT status, count(*) AS n FROM svc.table.orders GROUP BY 1');
      const names = await json('golden-sql', 'add', 'Customer names', '--sql', 'SELECT name FROM svc.table.customers');
      expect((await json('golden-sql', 'list')).map((g: { id: string }) => g.id)).toEqual([revenue.id, statuses.id, names.id]);

      const found = await json('golden-sql', 'search', 'customer', 'revenue');
      // revenue: both words in the question (2 + 2) and in the SQL (1 + 1); names: "customer" in the question (2) and "customers" in the SQL (1).
      expect(found.map((g: { id: string; score: number }) => [g.id, g.score])).toEqual([[revenue.id, 6], [names.id, 3]]);
      expect((await json('golden-sql', 'search', 'ORDER')).map((g: { id: string }) => g.id)).toEqual([statuses.id, revenue.id]);
      expect(await json('golden-sql', 'search', 'nothing-like-it')).toEqual([]);

      expect(await json('golden-sql', 'rm', revenue.id, '--yes')).toEqual({ id: revenue.id, deleted: true });
      expect((await json('golden-sql', 'list')).map((g: { id: string }) => g.id)).toEqual([statuses.id, names.id]);
    });

    it('the SQL comes from a file or stdin too, and is kept as given', async () => {
      const added = await run(['golden-sql', 'add', 'From stdin', '--file', '-', '--json'], 'SELECT count(*) AS n FROM svc.table.orders\n');
      expect(added.code, added.stderr).toBe(0);
      expect(JSON.parse(added.stdout).sql).toBe('SELECT count(*) AS n FROM svc.table.orders');
    });

    it('refuses SQL the project cannot run, two statements, an empty question, and an unknown id', async () => {
      const missing = await run(['golden-sql', 'add', 'Nope', '--sql', 'SELECT * FROM svc.table.nope']);
      expect([missing.code, missing.stderr]).toEqual([6, expect.stringContaining('nope')]);
      // The refusal names the field sent (sql), not a query's (inputQuery).
      for (const sql of ['SELECT 1; SELECT 2', 'DELETE FROM svc.table.orders', 'DROP TABLE svc.table.orders', 'SELEC 1']) {
        const refused = await run(['golden-sql', 'add', 'Refused', '--sql', sql]);
        expect(refused.code, sql).toBe(6);
        expect(refused.stderr, sql).not.toContain('inputQuery');
      }
      expect((await run(['golden-sql', 'add', 'Writes', '--sql', 'DROP TABLE svc.table.orders'])).stderr).toContain('sql must be a single SELECT statement');
      expect((await run(['golden-sql', 'add', ' ', '--sql', 'SELECT 1'])).code).toBe(2);
      expect((await run(['golden-sql', 'add', 'bad\u0001question', '--sql', 'SELECT 1'])).code).toBe(2);
      const nul = await run(['api', 'POST', '/metadata/demo/golden-sqls', '-f', 'prompt=a\u0000b', '-f', 'sql=SELECT 1']);
      expect([nul.code, nul.stderr]).toEqual([6, expect.stringContaining('control character')]);
      expect((await run(['golden-sql', 'add', 'x'.repeat(100_001), '--sql', 'SELECT 1'])).code).toBe(6);
      expect((await run(['golden-sql', 'add', 'Both', '--sql', 'SELECT 1', '--file', 'x.sql'])).code).toBe(2);
      expect((await run(['golden-sql', 'rm', '404404404404404404', '--yes'])).code).toBe(4);
      expect((await run(['golden-sql', 'rm', '404404404404404404'])).code).toBe(2);
      expect((await json('golden-sql', 'list')).map((g: { prompt: string }) => g.prompt)).toEqual(['How many orders per status?', 'Customer names', 'From stdin']);
    });
  });
}
