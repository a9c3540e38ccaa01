import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { runAsBinaryWould } from './support/in-process.js';

// The parametric-table and driver examples read a catalog a fresh local gateway does not have: on
// their own they exit 4. Their help names, before the examples, the command that makes it; after
// that command, run as written, each example works.

const dir = mkdtempSync(join(tmpdir(), 'dgw-examples-need-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GROUPS = [
  { catalog: 'visits', commands: [['parametric-table', 'create'], ['parametric-table', 'list'], ['parametric-table', 'rm']] },
  { catalog: 'sales', commands: [['driver', 'sqlalchemy'], ['driver', 'list']] },
];

/** The help's text before its Examples section, and the examples (their `# ...` remarks left out). */
async function help(commandPath: string[]): Promise<{ lead: string; examples: string[][] }> {
  const r = await runAsBinaryWould([...commandPath, '--help']);
  const [lead, section] = r.stdout.split('\nExamples:\n');
  const examples = section.split('\n').filter((l) => l.startsWith('  $ dgw ')).map((l) => l.slice(8).replace(/#.*/, '').trim().split(/\s+/));
  return { lead, examples };
}

describe.each(GROUPS)('the examples reading the catalog $catalog', ({ catalog, commands }) => {
  it('say which command makes it, and work once it has run', async () => {
    const cwd = join(dir, catalog);
    const env = { DGW_CONFIG_DIR: join(cwd, 'config'), DGW_LOCAL_DIR: join(cwd, 'data'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };
    rmSync(cwd, { recursive: true, force: true });
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, 'visits.csv'), 'visitor,page,at\n7,/pricing,2025-03-01 10:00:00\n');
    const db = await DuckDBInstance.create(join(cwd, 'sales.duckdb'));
    const conn = await db.connect();
    await conn.run('CREATE TABLE orders AS SELECT 1 AS order_id');
    conn.closeSync();
    db.closeSync();
    const dgw = (args: string[]) => runAsBinaryWould(args, { env, cwd });

    const pages = await Promise.all(commands.map(help));
    const needing = pages.flatMap((p) => p.examples).filter((e) => e.includes(catalog));
    expect(needing.length).toBeGreaterThan(0);
    const before = await dgw(needing[0]);
    expect(before.code, before.stderr).toBe(4);

    const named = pages.map((p) => new RegExp(`\\n  (dgw connection create ${catalog} .*)\\n`).exec(p.lead)?.[1]);
    expect(named[0]).toMatch(/^dgw connection create /);
    expect(named, 'each help names the command that makes the catalog').toEqual(commands.map(() => named[0]));
    const made = await dgw(named[0]!.split(/\s+/).slice(1));
    expect(made.code, made.stderr).toBe(0);
    for (const example of pages.flatMap((p) => p.examples)) {
      const r = await dgw(example);
      expect(r.code, `dgw ${example.join(' ')}\n${r.stderr}`).toBe(0);
    }
  });
});
