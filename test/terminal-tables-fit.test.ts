import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// Every command that draws a table, in a pseudo-terminal of 60, 80 and 120 columns (set with
// stty, as a resized terminal is): no line is wider than the terminal, measured in display
// columns once colour is stripped, and every id and name is printed whole. The data is built to
// be too wide: long display names, SQL and paths, wide CJK characters, emoji, combining marks and
// control characters (which are escaped, then measured). Each runs in-process on a terminal of
// that width; one (the widest free text) runs in a real pseudo-terminal, whose size dgw must read.

const P = '/data/projects/proj-1';
const WIDTHS = [60, 80, 120];
const LONG = 'Quarterly revenue by customer segment and region, 東京 and München, 🚀 growth ';

const queries = [
  queryJson({ id: '3f2b8c1e-0000-4000-8000-000000000001', name: 'revbycust', displayName: `${LONG}${LONG}`, queryType: 'MATERIALIZED', path: '/finance/reports/quarterly/by-customer/segments', schedule: { type: 'cron', cronExpression: '0 6 * * 1-5', timezone: 'Europe/Berlin' }, inputQuery: `SELECT ${'customer_id, '.repeat(30)}1 FROM t` }),
  queryJson({ id: '3f2b8c1e-0000-4000-8000-000000000002', name: 'café_ünïcode', displayName: 'e\u0301 combining, 日本語の表示名がとても長い場合の表示', path: '/日本/レポート' }),
  queryJson({ id: '3f2b8c1e-0000-4000-8000-000000000003', name: 'ctl', displayName: 'tab\there and escape \x1b[2J here', path: '/a' }),
];
// Times are made when a test serves them: made at load, "2 minutes ago" became 3 on a machine slow enough to take 30 s to get there.
const statusesNow = () => queries.slice(0, 2).map((q, i) => ({
  queryId: q.id,
  queryName: q.name,
  status: i === 0 ? 'FAILED' : 'COMPLETED',
  lastExecutionStartTime: new Date(Date.now() - 3 * 60_000).toISOString(),
  lastUpdateTime: new Date(Date.now() - 2 * 60_000).toISOString(),
  nextExecutionStartTime: new Date(Date.now() + 6 * 3_600_000).toISOString(),
  scheduleSettings: { type: 'interval', repeatDuration: 'PT6H' },
  message: i === 0 ? `Binder Error: Referenced column "amout" not found in FROM clause! Candidate bindings: "amount", "customer_id", "order_date" ${LONG}` : null,
}));
const folders = {
  items: [
    { id: '5a1f0c2e-1111-4000-8000-000000000001', name: 'finance', path: '/finance', parentId: null, createdAt: '2026-01-01T00:00:00Z' },
    { id: '5a1f0c2e-1111-4000-8000-000000000002', name: 'a-very-long-folder-name-for-quarterly-reports-by-customer-segment', path: '/finance/a-very-long-folder-name-for-quarterly-reports-by-customer-segment', parentId: '5a1f0c2e-1111-4000-8000-000000000001', createdAt: '2026-01-02T00:00:00Z' },
    { id: '5a1f0c2e-1111-4000-8000-000000000003', name: '日本語のフォルダ', path: '/日本語のフォルダ', parentId: null, createdAt: '2026-01-03T00:00:00Z' },
  ],
};
const tables = [
  { catalogId: '1', catalogName: 'svc', schemaName: 'table', tableName: 'orders_with_a_rather_long_table_name_2026', supportedCacheTypes: [], isCacheable: false, isDynamicTable: false, isCached: false },
  { catalogId: '1', catalogName: 'svc', schemaName: 'table', tableName: 'customers', supportedCacheTypes: [], isCacheable: false, isDynamicTable: false, isCached: false },
];
const catalogs = [
  { id: 'c0a8e1d2-2222-4000-8000-000000000001', name: 'svc', displayName: `Stored tables of the project, ${LONG}`, catalogType: 'internal', connectionId: null },
  { id: 'c0a8e1d2-2222-4000-8000-000000000002', name: 'warehouse_postgres', displayName: 'Warehouse 🐘 Postgres', catalogType: 'postgresql', connectionId: 'c0a8e1d2-3333-4000-8000-000000000009' },
];

/** The lines a person sees, colour stripped. */
function screenLines(stdout: string): string[] {
  return stripVTControlCharacters(stdout).split(/\r?\n/).filter((l) => l !== '');
}

const connections = [
  { id: 'c0a8e1d2-3333-4000-8000-000000000009', name: 'warehouse-postgres-eu', type: 'POSTGRES', url: null },
  { id: 'c0a8e1d2-3333-4000-8000-000000000010', name: 'sheets', type: 'google_sheets', url: `https://accounts.example.com/o/oauth2/auth?state=${'x'.repeat(120)}` },
];
const sourceTables = ['revenue_by_segment_and_region', '売上_地域別'].map((tableName) => ({
  catalogId: 'c0a8e1d2-2222-4000-8000-000000000002', catalogName: 'warehouse_postgres', schemaName: 'public', tableName, isCacheable: true, isDynamicTable: false, isCached: false, supportedCacheTypes: ['FULL_REFRESH', 'INCREMENTAL'],
}));

describe('tables fit the terminal at 60, 80 and 120 columns; ids and names are whole', () => {
  const { server, dgw, dgwInTerminal, env } = useStandIn();
  /** dgw in this process, its stdout and stderr a terminal of `columns`. */
  const onTerminal = (command: string[], columns: number, extra: Record<string, string> = {}) => runInProcess(command, { env: { ...env(), DGW_PAGER: '', ...extra }, terminalColumns: columns });

  const cases: Array<{ command: string[]; route: () => void; whole: string[] }> = [
    { command: ['query', 'list'], route: () => server.on('GET', `${P}/queries`, { json: queries }), whole: queries.flatMap((q) => [q.id, q.name]).map(shown) },
    { command: ['mtquery', 'status'], route: () => server.on('GET', `${P}/materialized-queries/status`, { json: statusesNow() }), whole: statusesNow().flatMap((s) => [s.queryId, s.queryName]) },
    { command: ['folder', 'list'], route: () => server.on('GET', `${P}/queries/folders`, { json: folders }), whole: folders.items.map((f) => f.id) },
    { command: ['table', 'list'], route: () => server.on('GET', `${P}/table`, { json: tables }), whole: tables.map((t) => t.tableName) },
    { command: ['catalog', 'list'], route: () => server.on('GET', `${P}/catalogs`, { json: catalogs }), whole: catalogs.flatMap((c) => [c.id, c.name]) },
    { command: ['connection', 'list'], route: () => server.on('GET', '/connections/proj-1', { json: connections }), whole: connections.flatMap((c) => [c.id, c.name]) },
    {
      command: ['catalog', 'tables', catalogs[1].id, 'public'],
      route: () => server.on('GET', `${P}/catalogs/${catalogs[1].id}/schemas/public/tables`, { json: sourceTables }),
      whole: sourceTables.map((t) => t.tableName),
    },
    {
      command: ['catalog', 'search', 'rev'],
      route: () => server.on('POST', `${P}/search`, { json: { matchedCatalogs: [], matchedSchemas: [], matchedTables: sourceTables.map((t) => ({ catalog: 'warehouse_postgres', schema: 'public', table: t.tableName })) } }),
      whole: sourceTables.map((t) => t.tableName),
    },
    // A query result (sql, query run) is not fitted: it keeps every column (query-results-keep-every-column.test.ts).
    { command: ['profile', 'list'], route: () => writeProfiles(env().DGW_CONFIG_DIR), whole: ['production-eu-west-analytics', 'dev'] },
  ];

  for (const { command, route, whole } of cases) {
    it.each(WIDTHS)(`${command.slice(0, 2).join(' ')} at %i columns`, async (columns) => {
      route();
      const r = await onTerminal(command, columns);
      expect(r.code, r.stdout).toBe(0);
      const lines = screenLines(r.stdout);
      // The header, its rule, and at least one row: a table was drawn.
      expect(lines[1], r.stdout).toMatch(/^─+( {2}─+)*$/);
      expect(lines.length).toBeGreaterThan(2);
      // What the terminal shows: stdout and stderr, as one screen.
      for (const line of screenLines(r.stdout + r.stderr)) expect(stringWidth(line), `${columns} columns: ${JSON.stringify(line)}`).toBeLessThanOrEqual(columns);
      for (const value of whole) expect(stripVTControlCharacters(r.stdout), value).toContain(value);
    });
  }

  it.each([
    {
      command: ['relation', 'list', '1'],
      route: () => {
        server.on('GET', `${P}/catalogs`, { json: [{ id: '1', name: 'svc', displayName: 'Stored tables', catalogType: 'internal', connectionId: null }] });
        const relation = { id: '281681688605750209', catalogId: '1', schemaName: 'table', tableName: 'orders', columnName: 'customer_id', targetCatalogId: '1', targetSchemaName: 'table', targetTableName: 'customers', targetColumnName: 'customer_id', type: 'MANY_TO_ONE', createdAt: '2026-11-29T10:00:00Z' };
        server.on('GET', '/metadata/proj-1/relations/1', { json: { relations: [relation] } });
      },
      whole: ['281681688605750209'],
    },
    {
      command: ['export', 'list'],
      route: () => server.on('GET', `${P}/exports`, { json: [{ id: '283fe9e2-5d0c-4b8e-9a51-0c6f0a1b2c3d', status: 'SUCCEEDED', format: 'CSV', compression: 'NONE', rowCount: 1, bytes: 10, createdAt: '2026-11-29T10:00:00Z', source: 'svc.query.rev' }] }),
      whole: ['283fe9e2-5d0c-4b8e-9a51-0c6f0a1b2c3d'],
    },
  ])('$command.0 $command.1 at 40 columns keeps the id the next command takes, whole', async ({ command, route, whole }) => {
    route();
    const r = await onTerminal(command, 40);
    expect(r.code, r.stdout).toBe(0);
    for (const line of screenLines(r.stdout + r.stderr)) expect(stringWidth(line), JSON.stringify(line)).toBeLessThanOrEqual(40);
    for (const value of whole) expect(stripVTControlCharacters(r.stdout)).toContain(value);
  });

  describe('records wrap long values instead of cutting them', () => {
    for (const columns of WIDTHS) {
      it(`query get and mtquery status NAME at ${columns} columns`, async () => {
        server.on('GET', `${P}/queries`, { json: queries });
        const get = await onTerminal(['query', 'get', 'revbycust'], columns, { NO_COLOR: '1' });
        expect(get.code, get.stdout).toBe(0);
        server.on('GET', `${P}/queries`, { json: queries });
        server.on('GET', `${P}/materialized-queries/${queries[0].id}/status`, { json: statusesNow()[0] });
        const status = await onTerminal(['mtquery', 'status', 'revbycust'], columns, { NO_COLOR: '1' });
        expect(status.code, status.stdout).toBe(0);
        for (const r of [get, status]) {
          for (const line of screenLines(r.stdout + r.stderr)) expect(stringWidth(line), `${columns}: ${line}`).toBeLessThanOrEqual(columns);
          expect(r.stdout + r.stderr).not.toContain('…');
        }
        // Every word of the SQL and of the message is there, in order, across the wrapped lines.
        const words = (text: string) => text.split(/\s+/).filter(Boolean);
        const flat = words(screenLines(get.stdout).join(' ')).join(' ');
        expect(flat).toContain(words(queries[0].inputQuery).join(' '));
        expect(words(screenLines(status.stdout).join(' ')).join(' ')).toContain(words(statusesNow()[0].message!).join(' '));
        expect(stripVTControlCharacters(status.stdout)).toMatch(/LAST UPDATE TIME +2 minutes ago \(\d{4}-\d\d-\d\d \d\d:\d\d\)/);
      });
    }
  });

  it('the widest free text gives way first, with an ellipsis; short columns stay whole', async () => {
    server.on('GET', `${P}/queries`, { json: queries });
    // A process in a pseudo-terminal sized with stty: the width dgw lays out for is the terminal's own.
    const r = await dgwInTerminal(['query', 'list'], { terminalSize: { columns: 120, rows: 50 }, env: { DGW_PAGER: '', NO_COLOR: '1' } });
    const lines = screenLines(r.stdout);
    expect(lines[0]).toMatch(/^ID +NAME +DISPLAY NAME +QUERY TYPE +PATH +SCHEDULE$/);
    const first = lines.find((l) => l.includes('revbycust'))!;
    expect(first).toContain('…');
    expect(first).toContain('MATERIALIZED');
    expect(first).not.toContain(LONG.trim());
    // A control character is shown escaped, never sent to the terminal.
    expect(r.stdout).toContain('tab\\x09here');
  });

  it('a record\'s SQL indented with tabs and saved with CRLF reads as it was typed: spaces, no \\x09 or \\x0d', async () => {
    const id = '3f2b8c1e-0000-4000-8000-000000000007';
    server.on('GET', `${P}/queries/${id}`, { json: queryJson({ id, name: 'tabbed', inputQuery: 'SELECT\n\torder_id,\r\n\tamount\r\nFROM t' }) });
    const r = await onTerminal(['query', 'get', id], 100, { NO_COLOR: '1' });
    expect(r.code, r.stdout).toBe(0);
    const lines = screenLines(r.stdout);
    const at = lines.findIndex((l) => /SELECT$/.test(l));
    const indent = lines[at].indexOf('SELECT');
    expect(lines.slice(at + 1, at + 4).map((l) => l.slice(indent))).toEqual(['    order_id,', '    amount', 'FROM t']);
    expect(r.stdout).not.toMatch(/\\x09|\\x0d/);
  });

  it('numbers are right-aligned on their last digit, text left-aligned', async () => {
    server.on('POST', `${P}/queries/execute`, { body: JSON.stringify({ columns: ['n', 'word'].map((columnName) => ({ catalogName: null, schemaName: null, tableName: null, columnName })), data: [[47.17, 'a'], [121.51, 'bb'], [5, 'ccc']] }), headers: { 'content-type': 'application/json' } });
    const r = await onTerminal(['sql', 'SELECT 1'], 80, { NO_COLOR: '1' });
    expect(screenLines(r.stdout)).toEqual(['     n  word', '──────  ────', ' 47.17  a', '121.51  bb', '     5  ccc']);
  });

  it('a column that cannot fit is left out, and a note on stderr names it', async () => {
    server.on('GET', `${P}/materialized-queries/status`, { json: statusesNow() });
    const r = await onTerminal(['mtquery', 'status'], 60, { NO_COLOR: '1' });
    expect(r.stderr).toMatch(/not shown at this width: [^(]*MESSAGE/);
  });

  it('a pipe still gets every field whole, as tab-separated values', async () => {
    server.on('GET', `${P}/queries`, { json: queries });
    const r = await dgw(['query', 'list'], { env: { COLUMNS: '60' } });
    expect(r.stdout.split('\n')[0]).toBe([queries[0].id, 'revbycust', `${LONG}${LONG}`, 'MATERIALIZED', queries[0].path, 'cron 0 6 * * 1-5 (Europe/Berlin)'].join('\t'));
  });
});

/** A name as a terminal shows it: control characters escaped. */
function shown(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function writeProfiles(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const profiles = {
    'production-eu-west-analytics': { zone: 'eu', projectId: 'p-0123456789abcdef0123456789abcdef', baseUrl: 'https://gateway.example.com/a/very/long/base/path/for/this/profile', apiKey: 'dgw-abcdefghijklmnop1234', keyBoundTo: 'https://gateway.example.com/a/very/long/base/path/for/this/profile', keyType: 'project' },
    dev: { zone: 'local' },
  };
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles, currentProfile: 'dev' }), { mode: 0o600 });
}
