import { describe, expect, it } from 'vitest';
import { queryJson, useStandIn } from './support/stand-in.js';

// Item 20: a --timeout longer than a timer can wait (2^31-1 ms, about 24.8 days) was handed to
// ky, which threw, and dgw exited 1 as an internal error. It is bad input: exit 2, naming the
// flag and the limit, before anything is sent.

describe('--timeout beyond the longest timer', () => {
  const { server, dgw } = useStandIn();

  it.each(['99999999999d', '25d', 'P4W', `${'9'.repeat(400)}s`])('--timeout %s is a usage error, exit 2, nothing sent (item 20: was exit 1, an internal error)', async (value) => {
    const r = await dgw(['--timeout', value, 'query', 'list']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/error: --timeout: ".*" is longer than the longest timeout, 24 days/);
    expect(r.stderr).not.toMatch(/unexpected failure|a bug in dgw/);
    expect(server.requests).toHaveLength(0);
  });

  it('24 days is the longest accepted', async () => {
    server.on('GET', '/data/projects/proj-1/queries', { json: [queryJson()] });
    const r = await dgw(['--timeout', '24d', 'query', 'list', '-q']);
    expect(r.code, r.stderr).toBe(0);
  });
});
