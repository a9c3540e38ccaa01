import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextDeps } from '../src/context.js';
import { buildProgram } from '../src/program.js';
import { API_SHAPES } from '../src/gateway/present/index.js';
import { OPERATIONS } from '../src/wire/index.js';
import { requestProblems } from './support/conformance.js';
import { runDgwInTerminal, tempDir, type DgwResult } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { gatewayBehind, type GatewayBehind } from './support/gateway-behind.js';
import { RecordingServer } from './support/recording-server.js';

// Every command of the tree, run as a user runs it (in this process, as the binary would) against a recording
// stand-in with the local gateway behind it, in each API shape: each request a command sends is
// held to the vendor's document (operation, query parameters, body with no unknown property),
// each answer it reads is the document's (hosted) or the seed's where it speaks (spec), and the
// command must succeed on those answers. The tree is read from the program itself, so a new command without a case here
// fails the last test. Commands that talk to no service are run too, and must send nothing.

/** Commands that send no request to the service by design, and why. */
const NO_SERVICE = [
  'profile list', 'profile use', 'profile rm', // the user store only
  'config explain', 'config get', 'config set', 'config unset', // settings only
  'auth logout', // forgets the stored key; there is no documented revoke for it
  'completion', // prints a script
  'version', // finds DuckDB on disk
  'help-topic', // `dgw help exit-codes`, `dgw help options`: print a table
  'serve', // is the local gateway; it calls no service (its answers: test/gateway/conformance.test.ts)
  'schema', // prints a published JSON Schema of dgw's own output
];

/** Operations of the table (src/wire) the CLI has no use for: only the local gateway answers them. */
const GATEWAY_ONLY = ['getOrganization', 'readProject_1', 'listProjects', 'createProject', 'readProject', 'updateProject', 'deleteProject'];

/** Every leaf of the command tree, hidden ones included, as `noun verb`. */
async function leafCommands(): Promise<string[]> {
  const inert: ContextDeps = {
    io: { stdout: { write: () => true }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } },
    env: {},
    cwd: '.',
    signal: new AbortController().signal,
  };
  const leaves: string[] = [];
  const walk = (command: Command, prefix: string[]) => {
    if (command.commands.length === 0) leaves.push(prefix.join(' '));
    for (const sub of command.commands) walk(sub, [...prefix, sub.name()]);
  };
  walk(await buildProgram(inert), []);
  return leaves.sort();
}

for (const shape of API_SHAPES) {
  describe(`the ${shape} shape of the local gateway behind a recording stand-in`, () => {
    const server = new RecordingServer();
    let behind: GatewayBehind;
    const config = tempDir('dgw-every-command-');
    const work = tempDir('dgw-every-command-work-');

    /** Requests sent by each command path (`folder rm`), over all its cases. */
    const sentBy = new Map<string, number>();
    /** Operations the CLI used, by operationId. */
    const used = new Set<string>();
    const requestFaults: string[] = [];

    beforeAll(async () => {
      await server.start();
      behind = await gatewayBehind(server, shape);
    });
    afterAll(async () => {
      await server.close();
      await behind.close();
      config.remove();
      work.remove();
    });

    interface Run {
      code?: number;
      input?: string;
      terminal?: boolean;
      /** A pseudo-terminal of a spawned dgw: the SQL shell opens only on one. */
      pty?: boolean;
      env?: Record<string, string | undefined>;
      cwd?: string;
    }

    /** Runs `dgw COMMAND ARGS...`, checks each request it sent, and counts them for COMMAND. */
    async function dgw(command: string, args: string[] = [], run: Run = {}): Promise<DgwResult> {
      const before = server.requests.length;
      const env = { DGW_CONFIG_DIR: config.dir, DGW_BASE_URL: server.baseUrl, DGW_API_KEY: behind.partnerKey, DGW_PROJECT: 'demo', ...run.env };
      const argv = [...command.split(' '), ...args];
      // A terminal a person answers (a confirmation) is given in this process; the SQL shell reads a real one.
      const r = run.pty
        ? await runDgwInTerminal(argv, { env, input: run.input, cwd: run.cwd, timeoutMs: 30_000 })
        : await runAsBinaryWould(argv, { env, input: run.input, cwd: run.cwd, ...(run.terminal ? { interactive: true, terminalColumns: 80 } : {}) });
      expect(r.code, `dgw ${argv.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(run.code ?? 0);
      const sent = server.requests.slice(before);
      for (const req of sent) {
        const { operation, problems } = requestProblems(req);
        requestFaults.push(...problems.map((p) => `dgw ${argv.join(' ')}: ${p}`));
        if (operation) {
          used.add(operation.id);
          // GET /info is not in the document: only auth, to learn a project key's project, may send it.
          if (!operation.documented && !operation.presigned && !command.startsWith('auth ')) requestFaults.push(`dgw ${argv.join(' ')} sent ${req.method} ${req.path}, which the document does not have`);
          // A download link carries its own authority: the API key never goes with it.
          if (operation.presigned && req.headers.authorization) requestFaults.push(`dgw ${argv.join(' ')} sent the API key with a download link`);
        }
      }
      sentBy.set(command, (sentBy.get(command) ?? 0) + sent.length);
      return r;
    }

    const json = async (command: string, args: string[], run: Run = {}) => JSON.parse((await dgw(command, [...args, '--json'], run)).stdout);

    /** Checks the requests and answers since the last check (each test ends with it), and forgets them. */
    function conforms(): void {
      expect(requestFaults.splice(0), 'requests the document does not describe').toEqual([]);
      expect(behind.answerProblems.splice(0), 'answers the document does not describe').toEqual([]);
    }

    describe('the commands', () => {
      it('catalogs, connection types, projects, API keys', async () => {
        expect((await json('catalog list', [])).map((c: { id: string }) => c.id)).toEqual(['1', '2']);
        expect((await dgw('connection types', ['-q'])).stdout).toContain('POSTGRES\n');
        expect((await json('connection config', ['POSTGRES'])).connectionType).toBe('POSTGRES');
        const [local] = await json('workspace list', []);
        expect(local).toMatchObject({ name: 'Local', defaultWorkspace: true, organizationName: 'Local' });
        expect(await json('workspace get', [local.id])).toEqual(local);
        const team = await json('workspace create', ['Team A', '--description', 'for the document test']);
        expect(team).toMatchObject({ name: 'Team A', description: 'for the document test', defaultWorkspace: false, organizationName: 'Local' });
        expect(await json('workspace update', [team.id, '--name', 'Team Z'])).toMatchObject({ id: team.id, name: 'Team Z', description: 'for the document test' });
        expect(await json('workspace rm', [team.id, '--yes'])).toEqual({ id: team.id, deleted: true });
        expect((await dgw('project list', ['-q'])).stdout).toBe('demo\n');
        const made = await json('project create', ['Team B', '--description', 'for the document test']);
        expect(made).toMatchObject({ name: 'Team B', description: 'for the document test', organizationName: 'Local' });
        expect((await dgw('project list', ['-q'])).stdout.split('\n')).toContain(made.id);
        expect(await json('project update', [made.id, '--name', 'Team C'])).toMatchObject({ id: made.id, name: 'Team C', description: 'for the document test' });
        expect(await json('project rm', [made.id, '--yes'])).toEqual({ id: made.id, deleted: true });
        expect((await dgw('project list', ['-q'])).stdout).toBe('demo\n');
        const secret = (await dgw('key create', ['ci', '--expires', '30d'])).stdout.trim();
        expect(secret.length).toBeGreaterThan(20);
        const keys = await json('key list', []);
        const ci = keys.find((k: { name: string }) => k.name === 'ci');
        await dgw('key rm', [ci.apiKeyId, '--yes']);
        await dgw('key create', ['ci2']);
        await dgw('key rm', ['ci2'], { terminal: true, input: 'y\n' });
        expect((await json('key list', [])).map((k: { name: string }) => k.name)).not.toContain('ci2');
        conforms();
      });

      it('connections and catalog browsing (answered by the document\'s shapes until the gateway side lands with #25 conn-gw)', async () => {
        const id = '6243f42a-42d0-4821-a90f-763cda6cda50';
        const connection = { id, name: 'warehouse', type: 'POSTGRES' };
        const C = `/data/projects/demo/catalogs`;
        const T = `${C}/1/schemas/table/tables/orders`;
        server
          .on('GET', '/connections/demo', { json: [connection] })
          .on('POST', '/connections/demo', { json: connection })
          .on('POST', '/connections/demo/oauth2', { json: { id, name: 'sheets', type: 'google_sheets' } })
          .on('GET', `/connections/demo/${id}`, { json: connection })
          .on('PUT', `/connections/demo/${id}`, { json: { ...connection, name: 'warehouse2' } })
          .on('DELETE', `/connections/demo/${id}`, { status: 200 })
          .on('GET', `/connections/demo/${id}/detail`, { json: { type: 'POSTGRES', url: 'db.example.com', password: 'pw-in-detail' } })
          .on('GET', `${C}/626654862255325504`, { json: { id: '626654862255325504', name: 'wh', displayName: 'wh', catalogType: 'POSTGRES', connectionId: id } })
          .on('POST', C, { json: { id: '626654862255325504', name: 'wh', displayName: 'wh', catalogType: 'POSTGRES', connectionId: id } })
          .on('DELETE', `${C}/626654862255325504`, { status: 200 })
          .on('GET', `${C}/1/schemas`, { json: [{ catalogId: '1', schemaName: 'table' }] })
          .on('GET', `${C}/1/schemas/table/tables`, { json: [{ catalogId: '1', catalogName: 'svc', schemaName: 'table', tableName: 'orders', isCacheable: false, isDynamicTable: false, isCached: false, supportedCacheTypes: [] }] })
          .on('GET', `${T}/columns`, { json: [{ name: 'order_id', dataType: 'bigint', displayName: 'order_id', defaultValue: null, isNotNull: false, isUnique: false }] })
          .on('GET', `${T}/isCached`, { json: { isCached: false, isCacheable: false, supportedCacheTypes: [] } })
          .on('GET', `${T}/statistics`, { json: { catalogId: '1', schemaName: 'table', tableName: 'orders', columnStatistics: [{ columnName: 'order_id', distinctFraction: -1 }] } })
          .on('POST', `${C}/626654862255325504/share`, { json: { sharedCatalogId: '555611268656923356' } })
          .on('POST', '/data/projects/demo/search', { json: { matchedCatalogs: [], matchedSchemas: [], matchedTables: [{ catalog: 'svc', schema: 'table', table: 'orders' }], meta: { page: { limit: 100, offset: 0, nextOffset: null }, query: { text: 'ord' } } } });
        try {
          const fields = 'url: db.example.com\nport: 5432\nuser: reader\npassword: pw-from-stdin\ndatabaseName: shop\nuseSsl: false\n';
          expect((await json('connection create', ['warehouse', '--type', 'postgres', '--from-file', '-'], { input: fields })).id).toBe(id);
          expect((await dgw('connection list', ['-q'])).stdout).toBe(`${id}\n`);
          expect((await json('connection get', ['warehouse'])).type).toBe('POSTGRES');
          expect((await json('connection get', [id])).name).toBe('warehouse');
          expect((await json('connection update', ['warehouse', '--name', 'warehouse2'])).name).toBe('warehouse2');
          await dgw('connection update', [id, '--field', 'password=pw-from-flag']);
          expect(await json('connection detail', ['warehouse'])).toEqual({ type: 'POSTGRES', url: 'db.example.com', password: '***' });
          expect((await json('connection oauth-callback', ['-'], { input: 'https://app.example.com/cb?code=1234&state=xyz\n' })).name).toBe('sheets');
          expect((await json('catalog get', ['svc'])).id).toBe('1');
          expect((await json('catalog create', ['wh', 'warehouse'])).connectionId).toBe(id);
          expect((await json('catalog get', ['626654862255325504'])).name).toBe('wh');
          expect((await dgw('catalog schemas', ['svc', '-q'])).stdout).toBe('table\n');
          expect((await json('catalog tables', ['svc.table'])).map((t: { tableName: string }) => t.tableName)).toEqual(['orders']);
          expect((await json('catalog columns', ['svc', 'table', 'orders'])).map((c: { name: string }) => c.name)).toEqual(['order_id']);
          expect((await json('catalog stats', ['svc.table.orders'])).columnStatistics).toEqual([{ columnName: 'order_id', distinctFraction: -1, nullCount: null, distinctCount: null, min: null, max: null }]);
          expect((await json('catalog is-cached', ['svc.table.orders'])).isCached).toBe(false);
          expect((await json('catalog search', ['ord', '--catalog', 'svc', '--limit', '10'])).map((m: { table: string }) => m.table)).toEqual(['orders']);
          expect((await json('catalog share', ['626654862255325504', 'demo2'])).sharedCatalogId).toBe('555611268656923356');
          await dgw('catalog rm', ['626654862255325504', '--yes']);
          await dgw('connection rm', ['warehouse'], { terminal: true, input: 'y\n' });
          await dgw('connection rm', [id, '--yes']);
          const bodies = server.requests.filter((r) => r.path.startsWith('/connections/demo') && r.method !== 'GET').map((r) => r.json);
          expect(bodies).toContainEqual({ name: 'warehouse', type: 'POSTGRES', credential: { url: 'db.example.com', port: 5432, user: 'reader', password: 'pw-from-stdin', databaseName: 'shop', useSsl: false } });
          expect(bodies).toContainEqual({ name: 'warehouse', type: 'POSTGRES', credential: { password: 'pw-from-flag' } });
          expect(bodies).toContainEqual({ queryParameters: 'code=1234&state=xyz' });
        } finally {
          server.reset();
        }
        conforms();
      });

      it('supported drivers (answered by the document\'s shapes; dgw adds the project, which the local gateway needs with a partner key)', async () => {
        const jdbc = 'jdbc:peaka://dbc.example.com:4567/?extraCredentials=peakaKey:k';
        const alchemy = 'peaka://dbc.example.com:4567/sales?http_scheme=https';
        server
          .on('GET', '/supportedDrivers', { json: { JDBC: jdbc, SQL_ALCHEMY: alchemy } })
          .on('GET', '/supportedDrivers/jdbc', { json: { JDBC: jdbc } })
          .on('GET', '/supportedDrivers/sql_alchemy', { json: { SQL_ALCHEMY: alchemy } });
        try {
          expect(await json('driver list', ['--catalog', 'sales'])).toEqual([{ driver: 'JDBC', connectionString: jdbc }, { driver: 'SQL_ALCHEMY', connectionString: alchemy }]);
          expect((await dgw('driver jdbc', ['-q'])).stdout).toBe(`${jdbc}\n`);
          expect((await json('driver sqlalchemy', ['sales'])).connectionString).toBe(alchemy);
          expect(server.requests.filter((r) => r.path.startsWith('/supportedDrivers')).map((r) => [r.path, r.query])).toEqual([
            ['/supportedDrivers', { catalogName: 'sales', projectId: 'demo' }],
            ['/supportedDrivers/jdbc', { projectId: 'demo' }],
            ['/supportedDrivers/sql_alchemy', { catalogName: 'sales', projectId: 'demo' }],
          ]);
        } finally {
          server.reset();
        }
        conforms();
      });

      it('BI tables (hosted only: answered by the document\'s shapes)', async () => {
        const B = '/data/projects/demo/bitable';
        const table = { catalogId: '9', catalogName: 'bi', schemaName: 'bitable', tableName: 'summary', isCacheable: false, isDynamicTable: false, isCached: false, supportedCacheTypes: [] };
        const column = { name: 'total', dataType: 'decimal', displayName: 'total', defaultValue: null, isNotNull: false, isUnique: false };
        server
          .on('GET', B, { json: [table] })
          .on('POST', `${B}/summary`, { json: table })
          .on('GET', `${B}/summary/columns`, { json: [column] })
          .on('POST', `${B}/summary/columns`, { json: [column] })
          .on('PUT', `${B}/summary/columns/total`, { json: [{ ...column, dataType: 'bigint', isNotNull: true }] })
          .on('DELETE', `${B}/summary/columns/total`, { status: 200 })
          .on('DELETE', `${B}/summary`, { status: 200 });
        try {
          expect((await dgw('bitable list', ['-q'])).stdout).toBe('summary\n');
          expect((await json('bitable create', ['summary', '--column', 'total:DECIMAL'])).tableName).toBe('summary');
          expect((await json('bitable list', ['summary'])).map((c: { name: string }) => c.name)).toEqual(['total']);
          expect((await json('bitable add-column', ['summary', 'total:DECIMAL'])).map((c: { name: string }) => c.name)).toEqual(['total']);
          expect((await json('bitable update-column', ['summary', 'total', '--type', 'BIGINT', '--not-null'])).map((c: { dataType: string }) => c.dataType)).toEqual(['bigint']);
          expect(await json('bitable drop-column', ['summary', 'total', '--yes'])).toEqual({ table: 'summary', column: 'total', deleted: true });
          expect(await json('bitable rm', ['summary', '--yes'])).toEqual({ table: 'summary', deleted: true });
          const sent = server.requests.filter((r) => r.path.startsWith(B)).map((r) => `${r.method} ${r.path}`);
          expect(sent).toEqual([`GET ${B}`, `POST ${B}/summary`, `POST ${B}/summary/columns`, `GET ${B}/summary/columns`, `POST ${B}/summary/columns`, `PUT ${B}/summary/columns/total`, `DELETE ${B}/summary/columns/total`, `DELETE ${B}/summary`]);
        } finally {
          server.reset();
        }
        conforms();
      });

      it('parametric tables (hosted only: answered by the document\'s shapes)', async () => {
        const PT = '/data/projects/demo/catalogs/1/parametricTables';
        const parametric = { fromSchema: 'table', fromTable: 'orders', toSchema: 'table', toTable: 'orders_2024', paramValues: [{ key: 'year', value: 2024 }] };
        server
          .on('GET', PT, { json: [parametric] })
          .on('POST', PT, { json: parametric })
          .on('DELETE', PT, { status: 204 });
        try {
          expect((await json('parametric-table list', ['svc']))[0].toTable).toBe('orders_2024');
          expect((await json('parametric-table create', ['svc', 'table.orders_2024', '--from', 'table.orders', '--param', 'year=2024'])).paramValues).toEqual([{ key: 'year', value: 2024 }]);
          expect(await json('parametric-table rm', ['svc', 'table.orders_2024', '--yes'])).toEqual({ table: 'table.orders_2024', deleted: true });
          const sent = server.requests.filter((r) => r.path === PT);
          expect(sent.map((r) => r.method)).toEqual(['GET', 'POST', 'DELETE']);
          expect(sent[1].json).toEqual(parametric);
          expect(sent[2].query).toEqual({ toSchema: 'table', toTable: 'orders_2024' });
        } finally {
          server.reset();
        }
        conforms();
      });

      it('golden SQLs', async () => {
        const added = await json('golden-sql add', ['Orders per status', '--sql', 'SELECT status, count(*) AS n FROM svc.table.orders GROUP BY 1']);
        expect(added).toMatchObject({ prompt: 'Orders per status', score: null });
        expect((await json('golden-sql list', [])).map((g: { id: string }) => g.id)).toContain(added.id);
        expect((await json('golden-sql search', ['status', 'orders']))[0]).toMatchObject({ id: added.id, score: expect.any(Number) });
        expect(await json('golden-sql rm', [added.id, '--yes'])).toEqual({ id: added.id, deleted: true });
        conforms();
      });

      it('metadata: get, refresh --wait, status, the refresh callback', async () => {
        const tables = await json('metadata get', ['--catalog', '1', '--schema', 'table']);
        expect(tables.map((t: { tableName: string }) => t.tableName)).toContain('orders');
        expect(tables.find((t: { tableName: string }) => t.tableName === 'orders').columns.map((c: { columnName: string }) => c.columnName)).toContain('customer_id');
        expect(await json('metadata refresh', ['--catalog', '1', '--wait'])).toEqual([expect.objectContaining({ catalogId: '1', status: 'COMPLETED' })]);
        expect((await json('metadata status', ['1']))[0]).toMatchObject({ catalogId: '1', status: 'COMPLETED' });
        expect(await json('metadata set-callback', ['http://127.0.0.1:9/refreshed', '--with-token'], { input: 'hook-token\n' })).toEqual({ callbackURL: 'http://127.0.0.1:9/refreshed', hasToken: true });
        expect(await json('metadata callback', [])).toEqual({ callbackURL: 'http://127.0.0.1:9/refreshed', hasToken: true });
        expect(await json('metadata rm-callback', ['--yes'])).toEqual({ callbackURL: 'http://127.0.0.1:9/refreshed', deleted: true });
        const described = await json('metadata describe', ['svc.table.orders', '--description', 'One row per order', '--column', 'status=paid or not', '--use-with-ai']);
        expect(described).toMatchObject({ catalogId: '1', tableName: 'orders', tableDescription: 'One row per order', useWithAI: true });
        expect(await json('metadata ai-usage', ['1.table', 'off'])).toEqual({ catalogId: '1', schemaName: 'table', useWithAI: false });
        expect(await json('metadata ai-usage', ['1', 'on'])).toEqual({ catalogId: '1', schemaName: null, useWithAI: true });
        const counted = await json('metadata categorical', ['svc.table.orders.status', '--limit', '3', '--frequency', 'DAILY']);
        expect(counted.columns.find((c: { columnName: string }) => c.columnName === 'status')).toMatchObject({ isCategorical: true });
        expect(await json('metadata rm-categorical', ['svc.table.orders.status'])).toEqual({ column: 'svc.table.orders.status', deleted: true });
        // Generated semantics, questions and a search by meaning need the hosted service's model: 501, exit 15.
        for (const [command, args] of [['metadata semantics', ['svc.table.orders', '--prompt', 'shop orders']], ['metadata questions', ['Who buys most?']], ['metadata search', ['revenue', '--top-k', '3']]] as const) {
          const r = await dgw(command, [...args], { code: 15 });
          expect(r.stderr).toContain('needs a language model, which only the hosted service runs');
        }
        // Transpiling and embedded sessions are the hosted service's too.
        expect((await dgw('transpile', ['mysql', 'SELECT 1'], { code: 15 })).stderr).toContain('transpileSQL');
        expect((await dgw('embed session', ['--expires-in', '60', '--feature', 'queries=off'], { code: 15 })).stderr).toContain('initSession');
        // So is the agent: no model runs locally.
        for (const [command, args] of [['ask', ['Who ordered most?', '--thread', 'th-1', '--no-execute']], ['ask', ['Who ordered most?', '--no-stream']], ['thread list', []], ['thread get', ['th-1']], ['thread rename', ['th-1', 'Revenue']], ['thread rm', ['th-1', '--yes']]] as const) {
          expect((await dgw(command, [...args], { code: 15 })).stderr, command).toContain('needs a language model');
        }
        expect((await dgw('agent workflow', ['-o', path.join(os.tmpdir(), 'dgw-never-written.png')], { code: 15 })).stderr).toContain('getWorkflowImage');
        conforms();
      });

      it('semantic catalogs: create, add-table (read by SQL), rm-table; share is hosted only', async () => {
        const made = await json('semantic-catalog create', ['sales']);
        expect(made).toMatchObject({ name: 'sales', catalogType: 'SEMANTIC' });
        await json('query create', ['Semantic orders', '--sql', 'SELECT order_id, amount FROM svc.table.orders']);
        const added = await json('semantic-catalog add-table', ['sales', 'semanticorders', '--as', 'finance.orders']);
        expect(added).toMatchObject({ catalogName: 'sales', schemaName: 'finance', tableName: 'orders' });
        expect((await dgw('sql', ['SELECT count(*) > 0 AS some FROM sales.finance.orders'])).stdout.trim()).toBe('true');
        expect(await json('semantic-catalog rm-table', ['sales', added.tableId, '--yes'])).toEqual({ catalogId: made.id, tableId: added.tableId, deleted: true });
        expect((await dgw('semantic-catalog share', ['sales', 'demo2'], { code: 15 })).stderr).toContain('shareSemanticTable');
        await dgw('query rm', ['semanticorders', '--yes']);
        conforms();
      });

      it('relations', async () => {
        const added = await json('relation add', ['1.table.orders.customer_id', '1.table.customers.customer_id']);
        expect(added).toMatchObject({ catalogId: '1', columnName: 'customer_id', targetTableName: 'customers', type: 'MANY_TO_ONE' });
        expect((await json('relation list', ['1'])).map((r: { id: string }) => r.id)).toContain(added.id);
        expect((await json('relation update', ['1', added.id, '--type', 'one_to_one'])).type).toBe('ONE_TO_ONE');
        expect(await json('relation rm', ['1', added.id, '--yes'])).toEqual({ id: added.id, deleted: true });
        conforms();
      });

      it('stored tables', async () => {
        expect((await json('table list', [])).map((t: { tableName: string }) => t.tableName)).toEqual(expect.arrayContaining(['orders', 'customers']));
        await dgw('table create', ['events', '--column', 'id:BIGINT', '-c', 'note:VARCHAR']);
        await dgw('table create', ['hollow']);
        await dgw('table add-column', ['events', 'ok:BOOLEAN', 'amount:DECIMAL']);
        expect((await dgw('table list', ['events', '-q'])).stdout).toBe('id\nnote\nok\namount\n');
        await dgw('table update-column', ['events', 'note', '--rename', 'remark', '--default', 'none']);
        expect((await dgw('table list', ['events', '-q'])).stdout).toBe('id\nremark\nok\namount\n');
        await dgw('table drop-column', ['events', 'ok', '--yes']);
        await dgw('table drop-column', ['events', 'amount', '--dry-run', '--with-reads']);
        await dgw('table drop-column', ['events', 'amount'], { terminal: true, input: 'amount\n' });
        await dgw('table rm', ['hollow', '--yes']);
        await dgw('table rm', ['events'], { terminal: true, input: 'events\n' });
        expect((await json('table list', [])).map((t: { tableName: string }) => t.tableName)).not.toContain('events');
        conforms();
      });

      it('data in and out: CSV import and its sample, query and table exports and their jobs', async () => {
        const csv = path.join(work.dir, 'people.csv');
        fs.writeFileSync(csv, 'id,name,amount\n1,Ann,1.5\n2,"Bo, Jr",2.25\n');
        await dgw('table import', ['people', csv, '--create']);
        await dgw('table import', ['people', '-', '--no-header', '--map', 'id=1', '--map', 'name=2', '--delimiter', ';'], { input: '3;Cy\n' });
        expect((await dgw('table sample', ['people'])).stdout).toBe('id,name,amount\n1,Ann,1.500\n2,"Bo, Jr",2.250\n3,Cy,\n');
        await dgw('query create', ['People', '--sql', 'SELECT id, name FROM svc.table.people ORDER BY id']);
        const file = path.join(work.dir, 'people-export.csv');
        await dgw('query export', ['people', '-o', file]);
        expect(fs.readFileSync(file, 'utf8')).toBe('id,name\n1,Ann\n2,"Bo, Jr"\n3,Cy\n');
        await dgw('catalog export', ['svc.table.people', '--columns', 'name,id', '-o', file]);
        expect(fs.readFileSync(file, 'utf8')).toBe('name,id\nAnn,1\n"Bo, Jr",2\nCy,3\n');
        const id = (await dgw('query export', ['people', '--format', 'jsonl', '--columns', 'name', '--no-wait'])).stdout.trim();
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        // --no-wait returns at once: the job is followed until it is done, as a script would.
        while (['PENDING', 'RUNNING'].includes((await json('export get', [id])).status)) await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await dgw('export get', [id, '-o', '-'])).stdout).toBe('{"name":"Ann"}\n{"name":"Bo, Jr"}\n{"name":"Cy"}\n');
        expect((await json('export list', ['--status', 'SUCCEEDED'])).map((e: { id: string }) => e.id)).toContain(id);
        await dgw('export cancel', [id]);
        conforms();
      });

      it('queries and materialized queries', async () => {
        const plain = await json('query create', ['Cov Plain', '--sql', 'SELECT customer_id, name FROM svc.table.customers', '--path', '/cov/a', '--parents']);
        expect(plain.id).toMatch(/^\d{18}$/);
        expect(Object.keys((await json('query run', [plain.id]))[0])).toEqual(['customer_id', 'name']);
        await dgw('query create', ['Cov Unchecked', '--sql', 'SELECT 1 AS one', '--no-check-schema', '--materialized', '--every', '6h']);
        expect((await dgw('query list', ['-q'])).stdout).toContain(`${plain.id}\n`);
        expect((await dgw('query list', ['--type', 'plain', '--folder', '/cov', '--recursive', '-q'])).stdout).toBe(`${plain.id}\n`);
        expect((await json('query get', [plain.id])).name).toBe('covplain');
        expect((await json('query get', ['covplain'])).id).toBe(plain.id);
        await dgw('query update', ['covplain', '--sql', 'SELECT customer_id FROM svc.table.customers', '--no-check-schema']);
        await dgw('query update', [plain.id, '--name', 'Cov Plain Two', '--path', '/cov/b', '--parents']);
        expect((await json('query get', [plain.id])).path).toBe('/cov/b');
        await dgw('query update', ['covplaintwo', '--sql', 'SELECT 2 AS two', '--dry-run', '--with-reads']);
        await dgw('query edit', ['covplaintwo'], { terminal: true, env: { EDITOR: 'sed -i s/customer_id/customer_id,name/' } });
        expect((await json('query get', [plain.id])).inputQuery).toBe('SELECT customer_id,name FROM svc.table.customers');
        await dgw('query mv', ['covplaintwo', '/cov/c', '--parents']);
        expect((await json('query get', [plain.id])).path).toBe('/cov/c');

        const mat = await json('mtquery create', ['Cov Mat', '--sql', 'SELECT count(*) AS n FROM svc.table.orders', '--cron', '0 2 * * *', '--tz', 'UTC', '--path', '/cov/m', '--parents']);
        await dgw('mtquery create', ['Cov Copy', '--from', 'covplaintwo', '--no-schedule']);
        const materialized = (await json('mtquery list', [])).map((q: { id: string }) => q.id);
        expect(materialized).toContain(mat.id);
        expect(materialized).not.toContain(plain.id);
        await dgw('query update', ['covplaintwo', '--materialized', '--from', mat.id]);
        expect((await json('mtquery status', ['covmat'])).status).toBe('COMPLETED');
        expect((await dgw('mtquery status', ['-q'])).stdout).toContain(`${mat.id}\n`);
        await dgw('mtquery refresh', [mat.id]);
        await dgw('mtquery refresh', ['covmat', '--wait']);
        await dgw('mtquery cancel', ['covmat']);
        conforms();
      });

      it('folders', async () => {
        const made = await json('folder create', ['/cov2/x', '--parents']);
        expect(made.path).toBe('/cov2/x');
        expect((await json('folder list', [])).map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(['/cov', '/cov2', '/cov2/x']));
        expect((await dgw('folder list', ['--tree', '--queries'])).stdout).toContain('covmat');
        expect((await json('folder view', ['/cov'])).folders.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['a', 'b', 'c', 'm']));
        const cov = await json('folder view', [made.id]);
        expect(cov.path).toBe('/cov2/x');
        expect((await dgw('folder tree', [])).stdout).toContain('cov2/');
        expect((await dgw('folder tree', ['/cov', '--queries'])).stdout).toContain('covmat');
        await dgw('folder rename', ['/cov2/x', 'y']);
        await dgw('folder move', ['/cov2/y', '/cov']);
        expect((await json('folder view', [made.id])).path).toBe('/cov/y');
        await dgw('folder mv', ['covplaintwo', 'covcopy', '/cov2']);
        await dgw('folder mv', ['covcopy', '/']);
        await dgw('folder rm', ['/cov/a', '--yes']);
        await dgw('folder rm', ['/cov/b'], { terminal: true, input: 'y\n' });
        await dgw('folder rm', ['/cov2', '--force', '--dry-run', '--with-reads']);
        await dgw('folder rm', ['/cov2', '--force'], { terminal: true, input: 'y\n' });
        expect((await json('folder list', [])).map((f: { path: string }) => f.path)).not.toContain('/cov2');
        conforms();
      });

      it('run SQL, the raw api command, live completion', async () => {
        expect(JSON.parse((await dgw('sql', ['SELECT 1 AS n', '--json'])).stdout)).toEqual([{ n: 1 }]);
        expect((await dgw('sql', ['SELECT 2 AS n'])).stdout).toBe('2\n');
        expect((await dgw('sql', ['--file', '-'], { input: 'SELECT 3 AS n' })).stdout).toBe('3\n');
        expect((await dgw('sql', [], { pty: true, input: 'SELECT 4 AS n;\n\\q\n' })).stdout).toContain('4');
        await dgw('api', ['GET', '/data/projects/{projectId}/queries/folders/tree', '-f', 'includeQueries=true']);
        await dgw('api', ['POST', '/data/projects/{projectId}/queries/execute', '-f', 'statement=select 1']);
        const values = await dgw('__complete', ['--', 'query', 'get', 'cov'], { env: { XDG_CACHE_HOME: path.join(work.dir, 'cache') } });
        expect(values.stdout).toContain('covmat');
        conforms();
      });

      it('queries as code: pull, plan, apply', async () => {
        const dir = path.join(work.dir, 'code');
        await dgw('pull', ['--dir', dir]);
        fs.mkdirSync(path.join(dir, 'cov3'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'cov3', 'fromfile.sql'), 'SELECT 5 AS five\n');
        fs.rmSync(path.join(dir, 'cov', 'm', 'covmat.sql'));
        await dgw('plan', ['--dir', dir, '--prune']);
        await dgw('apply', ['--dir', dir, '--prune', '--yes']);
        expect((await dgw('plan', ['--dir', dir, '--prune', '--exit-code'])).stdout).toContain('No changes');
        conforms();
      });

      it('auth: login with a project (checked by a documented call), login that discovers it, status', async () => {
        const fresh = tempDir('dgw-every-command-login-');
        try {
          const login = (args: string[], key: string) =>
            dgw('auth login', ['--base-url', server.baseUrl, '--with-token', '--insecure-storage', ...args], { input: key, env: { DGW_CONFIG_DIR: fresh.dir, DGW_API_KEY: undefined, DGW_BASE_URL: undefined, DGW_PROJECT: undefined } });
          await login(['--project', 'demo'], behind.partnerKey);
          await dgw('auth status', [], { env: { DGW_CONFIG_DIR: fresh.dir, DGW_API_KEY: undefined, DGW_BASE_URL: undefined, DGW_PROJECT: undefined } });
          const projectKey = behind.gateway.keys.initialKey('demo')!;
          await login(['--key-type', 'project'], projectKey);
          await dgw('auth status', [], { env: { DGW_CONFIG_DIR: fresh.dir, DGW_API_KEY: undefined, DGW_BASE_URL: undefined, DGW_PROJECT: undefined } });
          await dgw('auth logout', [], { env: { DGW_CONFIG_DIR: fresh.dir, DGW_API_KEY: undefined, DGW_BASE_URL: undefined, DGW_PROJECT: undefined } });
        } finally {
          fresh.remove();
        }
        conforms();
      });

      it('caches: create (one and --batch), list by project, catalog and schema, get, status, update, refresh full and incremental, cancel of each, history, rm', async () => {
        const made = await json('cache create', ['orders', '--every', '6h', '--incremental-column', 'order_id']);
        expect(made.source).toBe('1.table.orders');
        expect((await json('cache create', ['--batch', 'table.customers', '--cron', '0 3 * * *', '--tz', 'UTC'])).map((r: { success: boolean }) => r.success)).toEqual([true]);
        const full = await json('cache refresh', ['orders', '--wait']);
        expect([full.mode, full.status]).toEqual(['FULL_REFRESH', 'COMPLETED']);
        await dgw('sql', ['INSERT INTO svc.table.orders SELECT order_id + 100000, customer_id, order_date, amount, status FROM svc.table.orders']);
        const incremental = await json('cache refresh', ['orders', '--incremental', '--wait']);
        expect([incremental.mode, incremental.status, incremental.insertedRows]).toEqual(['INCREMENTAL', 'COMPLETED', full.cachedRows]);
        expect(incremental.cachedRows).toBe(2 * full.cachedRows);
        expect((await json('cache list', [])).map((c: { source: string }) => c.source)).toEqual(['1.table.orders', '1.table.customers']);
        expect((await json('cache list', ['--catalog', '1'])).length).toBe(2);
        expect((await json('cache list', ['--catalog', '1', '--schema', 'table'])).length).toBe(2);
        expect((await json('cache get', ['orders'])).incrementalSchedule).toBeNull();
        expect((await json('cache status', ['orders'])).status).toBe('COMPLETED');
        await dgw('cache status', []);
        expect((await json('cache update', ['customers', '--every', '1d', '--incremental-column', 'customer_id'])).fullRefreshSchedule).toEqual({ type: 'interval', repeatDuration: 'P1D' });
        expect((await json('cache history', ['orders'])).map((r: { mode: string }) => r.mode).slice(0, 2)).toEqual(['INCREMENTAL', 'FULL_REFRESH']);
        // A source that takes as long as it is let run: its first copy is running when cancel asks.
        await dgw('query create', ['Slow Max', '--sql', 'SELECT max(range) AS n FROM range(1000000000000)']);
        await dgw('cache create', ['2.query.slowmax', '--incremental-column', 'n']);
        expect((await json('cache cancel', ['slowmax'])).cancel).toBe('requested');
        expect((await json('cache status', ['slowmax'])).lastFullRefresh.status).toBe('CANCELLED');
        await dgw('cache refresh', ['slowmax', '--incremental']);
        expect((await json('cache cancel', ['slowmax'])).cancel).toBe('requested');
        expect((await json('cache status', ['slowmax'])).lastIncremental.status).toBe('CANCELLED');
        await dgw('cache rm', ['slowmax', '--yes']);
        await dgw('cache rm', ['customers'], { terminal: true, input: 'y\n' });
        await dgw('cache rm', ['orders', '--yes']);
        expect(await json('cache list', [])).toEqual([]);
        conforms();
      });

      it('the last queries go: query rm by id and by name', async () => {
        const all = await json('query list', []);
        const [first, ...rest] = all.map((q: { id: string }) => q.id);
        await dgw('query rm', [first, '--yes']);
        const names = all.filter((q: { id: string }) => rest.includes(q.id)).map((q: { name: string }) => q.name);
        await dgw('query rm', [names[0]], { terminal: true, input: 'y\n' });
        await dgw('query rm', [...names.slice(1), '--yes']);
        expect(await json('query list', [])).toEqual([]);
        conforms();
      });

      it('commands that talk to no service send nothing', async () => {
        const profiles = tempDir('dgw-every-command-profiles-');
        try {
          const profileFile = { currentProfile: 'a', profiles: { a: { zone: 'default', projectId: 'demo' }, b: { zone: 'default', projectId: 'demo' } } };
          fs.writeFileSync(path.join(profiles.dir, 'config.json'), JSON.stringify(profileFile), { mode: 0o600 });
          const env = { DGW_CONFIG_DIR: profiles.dir };
          await dgw('profile list', [], { env });
          await dgw('profile use', ['b'], { env });
          await dgw('profile rm', ['a', '--yes'], { env });
          await dgw('config explain', [], { env });
          await dgw('config get', ['zone'], { env });
          await dgw('config set', ['output', 'yaml'], { env });
          await dgw('config unset', ['output'], { env });
          await dgw('completion', ['bash']);
          await dgw('version', []);
          await dgw('help-topic', ['exit-codes']);
          await dgw('help-topic', ['options']);
          await dgw('schema', ['query', 'list']);
        } finally {
          profiles.remove();
        }
        for (const command of NO_SERVICE) if (command !== 'serve') expect(sentBy.get(command), command).toBe(0);
      });

      it('destructive commands without a terminal and without --yes send nothing and exit 2', async () => {
        const cases: Array<[string, string[]]> = [
          ['query rm', ['709922802836177297']],
          ['query rm', ['somename']],
          ['folder rm', ['/cov']],
          ['table drop-column', ['orders', 'amount']],
          ['table rm', ['orders']],
          ['key rm', ['ci']],
          ['cache rm', ['orders']],
          ['connection rm', ['warehouse']],
          ['catalog rm', ['svc']],
        ];
        for (const [command, args] of cases) {
          const before = server.requests.length;
          const r = await dgw(command, args, { code: 2 });
          expect(r.stderr).toMatch(/pass --yes/);
          expect(server.requests.length, `${command} ${args.join(' ')}`).toBe(before);
        }
      });
    });

    describe('coverage', () => {
      it('every command of the tree was run above: those that call the service sent requests, the others none', async () => {
        const leaves = await leafCommands();
        expect(leaves.length).toBeGreaterThanOrEqual(50);
        const notRun = leaves.filter((c) => !sentBy.has(c) && c !== 'serve');
        expect(notRun, 'commands with no case in this file').toEqual([]);
        const silent = leaves.filter((c) => sentBy.get(c) === 0 && !NO_SERVICE.includes(c));
        expect(silent, 'commands that should have called the service but sent nothing').toEqual([]);
        expect(NO_SERVICE.filter((c) => !leaves.includes(c)), 'NO_SERVICE names commands the tree does not have').toEqual([]);
      });

      it('the CLI used every operation of the table but those only the local gateway answers', () => {
        const unused = OPERATIONS.map((o) => o.id).filter((id) => !used.has(id));
        expect(unused.sort()).toEqual([...GATEWAY_ONLY].sort());
      });
    });
  });
}
