import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveQueryName, sqlName } from '../src/api/names.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// Display names outside ASCII lost their letters in the SQL name (`Café Überblick` →
// `cafberblick`), CJK names were refused as having "no letters", and `2024report` was printed as
// `svc.query.2024report`, which SQL cannot read unquoted.

const tmp = tempDir('dgw-names-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

describe('SQL names from display names beyond ASCII', () => {
  it('accented Latin letters keep their base letter, on the local gateway as in the CLI', async () => {
    const r = await dgw('query', 'create', 'Café Überblick', '--sql', 'SELECT 1 AS x', '--json', 'name');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe('cafeuberblick');
    expect((await dgw('sql', 'SELECT x FROM svc.query.cafeuberblick')).stdout).toBe('1\n');
    expect(deriveQueryName('Straße Øst Æble')).toBe('strasseostaeble');
  });

  it('letters written in a compatibility form (mathematical bold, №, ㎒) keep their letters, capitals included', () => {
    expect(deriveQueryName('𝐑𝐞𝐯𝐞𝐧𝐮𝐞')).toBe('revenue');
    expect(deriveQueryName('Report №5 ㎒')).toBe('reportno5mhz');
    expect(deriveQueryName('İstanbul Ölçüm')).toBe('istanbulolcum');
  });

  it('a name with no letter a name can keep says so, and what to do, without claiming it has no letters', async () => {
    const r = await dgw('query', 'create', '売上レポート', '--sql', 'SELECT 1 AS x');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"売上レポート" gives no SQL name');
    expect(r.stderr).toContain('letters a to z');
    expect(r.stderr).not.toContain('has no letters');
    expect((await dgw('query', 'create', 'Sales 売上レポート', '--sql', 'SELECT 1 AS x')).code).toBe(0);
  });

  it('a connection or catalog name with no letter a catalog name can keep says which letters it keeps, not that it has none', async () => {
    const file = path.join(tmp.dir, 'sales.csv');
    writeFileSync(file, 'a\n1\n');
    const r = await dgw('connection', 'create', '売上', '--type', 'csv', '--field', `path=${file}`);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('"売上" gives no SQL name');
    expect(r.stderr).toContain('letters a to z');
    await dgw('connection', 'create', 'sales', '--type', 'csv', '--field', `path=${file}`);
    expect((await dgw('catalog', 'create', '売上', 'sales')).stderr).toContain('letters a to z');
  });

  it('a name that starts with a digit is shown quoted, the way SQL can read it', async () => {
    const r = await runInProcess(['query', 'create', '2024 report', '--sql', 'SELECT 2 AS x'], { env, cwd: tmp.dir, terminalColumns: 100 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('created query svc.query."2024report"');
    expect((await dgw('sql', 'SELECT x FROM svc.query."2024report"')).stdout).toBe('2\n');
    const rename = await dgw('query', 'update', '2024report', '--name', '2025 report', '--dry-run', '--with-reads');
    expect(rename.stdout).toContain('svc.query."2024report" becomes svc.query."2025report"');
    expect(sqlName('svc.mtquery', 'revenue')).toBe('svc.mtquery.revenue');
  });
});
