import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../../src/gateway/app.js';
import { openGateway, P, type TestGateway } from './helpers.js';

// Run SQL's answer is written as DuckDB produces its rows, with no cap: every row of a large
// result arrives; a statement that fails after its first rows never ends in a well-formed answer
// (DuckDB's streaming reader ends such a result like a finished one: the gateway tells them apart);
// a reader that stops early frees the statement for the next request.

let g: TestGateway;
let app: ReturnType<typeof createGatewayApp>;
beforeAll(async () => {
  g = await openGateway();
  app = createGatewayApp(g.gateway);
});
afterAll(() => g.close());

const execute = (statement: string, format = 'COMPACT') =>
  app.request(`/api/v1${P}/queries/execute?format=${format}`, { method: 'POST', headers: { authorization: `Bearer ${g.partnerKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ statement }) });

describe('the streamed run-SQL answer', () => {
  it('carries every row of a result far past the old 100,000-row cap, in every format', async () => {
    for (const format of ['COMPACT', 'SIMPLE', 'CELL_TYPED']) {
      const res = await execute('SELECT i AS n FROM range(250000) t(i)', format);
      expect(res.status).toBe(200);
      const body = JSON.parse(await res.text()) as { data: unknown[]; truncated?: boolean };
      expect(body.data).toHaveLength(250_000);
      expect(body.truncated).toBeUndefined();
    }
  });

  it('a statement that fails after its first rows: the body fails, it never ends as a whole answer', async () => {
    const res = await execute("SELECT CASE WHEN i = 150000 THEN error('boom') ELSE i END AS n FROM range(300000) t(i)");
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        text += decoder.decode(value, { stream: true });
      }
    })().catch((error: unknown) => error as { message: string; errorCode: string });
    expect(failure?.errorCode).toBe('SQL_ERROR');
    expect(failure?.message).toMatch(/the statement failed after its first rows/);
    expect(text.startsWith('{"columns":')).toBe(true);
    expect(text.endsWith(']}')).toBe(false);
  });

  it('a reader that cancels mid-answer frees its statement: the next requests are answered', async () => {
    const res = await execute('SELECT i AS n FROM range(10000000) t(i)');
    const reader = res.body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    for (let i = 0; i < 6; i++) {
      const next = await execute('SELECT 42 AS n');
      expect(JSON.parse(await next.text()).data).toEqual([[42]]);
    }
  });
});
