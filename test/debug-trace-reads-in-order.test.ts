import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { useStandIn } from './support/stand-in.js';

// `--debug` traces an exchange in the order it happens: the request line, its headers and body,
// then the answer. The body was printed before the `→ POST ...` line it belongs to; with a retry,
// each attempt's request line is followed by the body it sends again.

/** The trace's lines that start a request, show a body, or start an answer, in order. */
const outline = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => /^(→ |← | {2}body: | {2}retry )/.test(l))
    .map((l) => (l.startsWith('→ ') ? `→ ${l.split(' ')[1]}` : l.startsWith('← ') ? `← ${l.split(' ')[1]}` : l.startsWith('  body: ') ? 'body' : 'retry'));

describe('on the local gateway, in-process', () => {
  const tmp = tempDir('dgw-debug-order-');
  afterAll(() => tmp.remove());
  const { run } = localCli(tmp.dir, 'spec');

  it('query create --debug: the POST line, then its body, then the answer', async () => {
    await run('project', 'create', 'demo');
    const r = await run('--debug', 'query', 'create', 'Ordered', '--sql', 'SELECT 1 AS n', '--project', 'demo');
    expect(r.code, r.stderr).toBe(0);
    const post = r.stderr.slice(r.stderr.indexOf('→ POST'));
    expect(outline(post).slice(0, 3)).toEqual(['→ POST', 'body', '← 200']);
    expect(post).toMatch(/^→ POST \S+\/queries\n {2}authorization: Bearer \*+\S+\n {2}body: \{"displayName":"Ordered"/);
  });
});

describe('over the network, with a retry', () => {
  const { server, dgw } = useStandIn('proj-1', { conformance: false });

  it('api PUT --debug: each attempt\'s request line is followed by its body, then its answer', async () => {
    server.on('PUT', '/things/1', { status: 503, json: { message: 'busy' }, headers: { 'retry-after': '0' } }, { json: { ok: true } });
    const r = await dgw(['--debug', 'api', 'PUT', '/things/1', '-f', 'name=x']);
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(outline(r.stderr)).toEqual(['→ PUT', 'body', '← 503', 'retry', '→ PUT', 'body', '← 200']);
  });
});
