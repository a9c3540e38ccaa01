import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `dgw api -q` printed nothing at all (a response has no ids); it is refused before anything is sent.
const tmp = tempDir('dgw-api-quiet-');
afterAll(() => tmp.remove());

describe('dgw api -q', () => {
  it('is exit 2 saying why, for a JSON answer and a dry run alike', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    for (const args of [['GET', '/info', '-q'], ['POST', '/data/projects/{projectId}/queries/execute', '-f', 'statement=select 1', '--dry-run', '--quiet']]) {
      const r = await run('api', ...args);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toContain('-q/--quiet: dgw api prints the response as it came');
    }
  });
});
