import { describe, expect, it } from 'vitest';
import { createGatewayApp } from '../../src/gateway/app.js';
import { openGateway, P, type TestGateway } from './helpers.js';

// A streamed run-SQL answer runs its statement while its rows are read, after the answer's status
// was sent: the gateway's rules hold for all of it. The time limit stops a statement whose rows
// are still being read when it passes (the answer fails, never ends as if whole, and its
// connection is free again); a project that closes under a reader that has stopped reading ends
// the statement instead of waiting for the reader.

const BIG = 'SELECT i AS n FROM range(10000000) t(i)';

function client(g: TestGateway) {
  const app = createGatewayApp(g.gateway);
  return (statement: string) =>
    app.request(`/api/v1${P}/queries/execute?format=COMPACT`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.partnerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ statement }),
    });
}

/** Reads what is left of a body: its text so far, and the error it failed with (undefined when it ended). */
async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<{ text: string; failure?: { errorCode?: string; message?: string } }> {
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, failure: error as { errorCode?: string; message?: string } };
  }
}

describe('a streamed answer under the time limit', () => {
  it('stops when the limit passes while its rows are still being read: the answer fails with STATEMENT_TIMEOUT', async () => {
    const g = await openGateway({ limits: { statementTimeoutMs: 1000, memoryLimitBytes: 1024 ** 3 } });
    try {
      const execute = client(g);
      const res = await execute(BIG);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      await reader.read();
      // The reader is slow: the limit passes while the statement still has rows to give.
      await new Promise((r) => setTimeout(r, 1500));
      const { text, failure } = await readRest(reader);
      expect(failure?.errorCode).toBe('STATEMENT_TIMEOUT');
      expect(failure?.message).toMatch(/time limit of 1s/);
      expect(text.endsWith(']}')).toBe(false);
      // Its connection is free: the next statements are answered, each within the limit.
      for (let i = 0; i < 6; i++) {
        const next = await execute('SELECT 42 AS n');
        expect(JSON.parse(await next.text()).data).toEqual([[42]]);
      }
    } finally {
      await g.close();
    }
  });

  it('a streamed answer read to its end within the limit is whole', async () => {
    const g = await openGateway({ limits: { statementTimeoutMs: 600_000, memoryLimitBytes: 1024 ** 3 } });
    try {
      const res = await client(g)('SELECT i AS n FROM range(300000) t(i)');
      const body = JSON.parse(await res.text()) as { data: unknown[] };
      expect(body.data).toHaveLength(300_000);
    } finally {
      await g.close();
    }
  });
});

describe('a project that closes under a streamed answer', () => {
  it('ends the statement of a reader that stopped reading: the close does not wait for it, and the answer fails', async () => {
    const g = await openGateway();
    const res = await client(g)(BIG);
    const reader = res.body!.getReader();
    await reader.read();
    await reader.read();
    // The reader never reads again: a close that waited for it would never end, and the test would fail at its own limit.
    await g.close();
    const { text, failure } = await readRest(reader);
    expect(failure).toBeDefined();
    expect(text.endsWith(']}')).toBe(false);
  });
});
