import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localGatewayFault } from '../src/api/failures.js';
import { startServer, type RunningServer } from '../src/gateway/server.js';
import { ERROR_NUMBERS, errorName } from '../src/error-codes.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// The document's error example has a number for errorCode (100, a name already taken): the hosted
// shape answers numbers, the spec shape the codes' names, and the CLI reads both the same.

const tmp = tempDir('dgw-error-codes-');
afterAll(() => tmp.remove());

describe('one table of error codes for both sides', () => {
  it('gives each code its own number, and reads a number back as its code', () => {
    const numbers = Object.values(ERROR_NUMBERS);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(ERROR_NUMBERS.CONFLICT).toBe(100);
    for (const [name, n] of Object.entries(ERROR_NUMBERS)) expect(errorName(n)).toBe(name);
    expect(errorName('DISK_FULL')).toBe('DISK_FULL');
    expect(errorName(9999)).toBeUndefined();
  });

  it('a fault of this machine is the same exit whichever form its code came in', () => {
    expect(localGatewayFault(ERROR_NUMBERS.DISK_FULL, 'full')?.kind).toBe('local_fault');
    expect(localGatewayFault('DISK_FULL', 'full')?.kind).toBe('local_fault');
    expect(localGatewayFault(ERROR_NUMBERS.DATABASE_BUSY, 'held')?.kind).toBe('busy');
    expect(localGatewayFault(ERROR_NUMBERS.NOT_FOUND, 'gone')).toBeUndefined();
  });
});

describe.each(['spec', 'hosted'] as const)('error bodies of dgw serve (%s shape)', (shape) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ dataDir: path.join(tmp.dir, shape), port: 0, apiShape: shape });
  });
  afterAll(() => server.close());
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${server.baseUrl}${p}`, { method, headers: { authorization: `Bearer ${server.partnerKey}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { errorCode: unknown; message: string } };
  };

  it(`answers the code ${shape === 'hosted' ? 'as its number' : 'by its name'}, and the CLI exits the same`, async () => {
    const missing = await call('GET', '/data/projects/demo/queries/404404404404404404');
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe(shape === 'hosted' ? ERROR_NUMBERS.NOT_FOUND : 'NOT_FOUND');
    await call('POST', '/data/projects/demo/queries/folders', { folderName: 'taken' });
    const taken = await call('POST', '/data/projects/demo/queries/folders', { folderName: 'taken' });
    expect(taken.status).toBe(409);
    expect(taken.body.errorCode).toBe(shape === 'hosted' ? 100 : 'CONFLICT');
    const sql = await call('POST', '/data/projects/demo/queries/execute', { statement: 'SELECT nosuchcolumn FROM svc.table.orders' });
    expect(sql.body.errorCode).toBe(shape === 'hosted' ? ERROR_NUMBERS.SQL_ERROR : 'SQL_ERROR');
    // A body over the limit is refused before the handler runs, in the same form.
    const big = await call('POST', '/data/projects/demo/queries', { displayName: 'big', inputQuery: `SELECT '${'x'.repeat(1024 * 1024)}' AS x` });
    expect(big.status).toBe(413);
    expect(big.body.errorCode).toBe(shape === 'hosted' ? ERROR_NUMBERS.PAYLOAD_TOO_LARGE : 'PAYLOAD_TOO_LARGE');
    const wrongMethod = await call('PATCH', '/data/projects/demo/queries');
    expect([wrongMethod.status, wrongMethod.body.errorCode]).toEqual([405, shape === 'hosted' ? ERROR_NUMBERS.METHOD_NOT_ALLOWED : 'METHOD_NOT_ALLOWED']);
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, `config-${shape}`), DGW_BASE_URL: server.baseUrl, DGW_API_KEY: server.partnerKey, DGW_PROJECT: 'demo' };
    const r = await runAsBinaryWould(['query', 'get', '404404404404404404', '--json'], { env });
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stdout || r.stderr.slice(r.stderr.indexOf('{'))).error.errorCode).toBe(shape === 'hosted' ? ERROR_NUMBERS.NOT_FOUND : 'NOT_FOUND');
  });
});
