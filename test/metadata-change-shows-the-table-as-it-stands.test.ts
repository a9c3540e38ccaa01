import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// The document types the answers of updateMetadata and generateCategoricalColumnValues as open
// objects (no example): one that shows no table is followed by a read of the table, so dgw never
// shows a made-up record (no columns, no description) for a table that has them.
const { server, dgw } = useStandIn();
const META = '/metadata/proj-1';
const ORDERS = {
  catalogId: '709922802836177297', catalogName: 'sales',
  schemas: [{ schemaName: 'public', tables: [{ tableName: 'orders', tableDescription: 'One row per order', useWithAI: true, columns: [
    { columnName: 'order_id', dataType: 'bigint', columnDescription: null },
    { columnName: 'status', dataType: 'varchar', columnDescription: 'paid or refunded', isCategorical: true, categoricalValues: ['paid', 'refunded'] },
  ] }] }],
};

describe('a metadata change answered without its table', () => {
  it.each([
    ['describe', ['metadata', 'describe', '709922802836177297.public.orders', '--column', 'status=paid or refunded'], `${META}/709922802836177297/public/orders`],
    ['categorical', ['metadata', 'categorical', '709922802836177297.public.orders.status'], `${META}/categorical/709922802836177297/public/orders/status`],
  ])('metadata %s shows the table as the service now holds it', async (_verb, args, path) => {
    server.on('PUT', path, { json: {} });
    server.on('GET', META, { json: [ORDERS] });
    const r = await dgw([...args, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ catalogId: '709922802836177297', catalogName: 'sales', tableName: 'orders', tableDescription: 'One row per order', columns: [{ columnName: 'order_id' }, { columnName: 'status', categoricalValues: ['paid', 'refunded'] }] });
    const read = server.requests.find((q) => q.method === 'GET' && q.path.endsWith(META));
    expect(read?.query).toEqual({ catalogId: '709922802836177297', schemaName: 'public' });
  });

  it('whose metadata then does not list the table is exit 8 saying the change was taken', async () => {
    server.on('PUT', `${META}/709922802836177297/public/orders`, { json: {} });
    server.on('GET', META, { json: [{ ...ORDERS, schemas: [] }] });
    const r = await dgw(['metadata', 'describe', '709922802836177297.public.orders', '--description', 'x']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service took the change to public\.orders but its metadata does not list the table/m);
    expect(r.stdout).toBe('');
  });

  it.each([
    ['a shape dgw cannot read', { json: { unexpected: true } }, 8],
    ['a failure of the service', { status: 503, json: { message: 'down' } }, 8],
    ['a refusal', { status: 403, json: { message: 'no read access' } }, 3],
  ])('whose read-back meets %s says first that the change was taken, with the exit code of what failed', async (_what, reply, code) => {
    server.on('PUT', `${META}/709922802836177297/public/orders`, { json: {} });
    server.on('GET', META, reply);
    const r = await dgw(['metadata', 'describe', '709922802836177297.public.orders', '--description', 'x', '--json']);
    expect(r.code).toBe(code);
    const error = JSON.parse(r.stderr).error;
    expect(error.message).toMatch(/^the service took the change to public\.orders, but reading it back failed: /);
    expect(error.hint).toMatch(/^`dgw metadata get` shows what it holds/);
    expect(error.sent).toEqual({ reads: expect.any(Number), changes: 1 });
    expect(r.stdout).toBe('');
  });
});
