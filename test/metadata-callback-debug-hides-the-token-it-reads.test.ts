import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// The answer to getMetadataRefreshCallback is an open object in the document: one that carries
// the hook's callbackToken shows it neither in the --debug trace nor in the output, which says a
// token is set.
const { server, dgw } = useStandIn();
const TOKEN = 'hook-secret-4c1d9e';

describe('metadata callback reading an answer that carries the token', () => {
  it('--debug traces the answer with the token hidden, and the output says there is one', async () => {
    server.on('GET', '/metadata/proj-1/refresh/callback', { json: { callbackURL: 'https://ci.example.com/hooks/metadata', callbackToken: TOKEN } });
    const r = await dgw(['metadata', 'callback', '--debug', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('\\"callbackToken\\":\\"***\\"'); // the trace line, inside the JSON of --json
    expect(r.stderr + r.stdout).not.toContain(TOKEN);
    expect(JSON.parse(r.stdout)).toEqual({ callbackURL: 'https://ci.example.com/hooks/metadata', hasToken: true });
  });
});
