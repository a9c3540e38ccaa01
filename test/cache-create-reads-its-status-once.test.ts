import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// Waiting for a new cache's first copy read its status once to find the run, then again to poll it.
const tmp = tempDir('dgw-cache-create-reads-');
afterAll(() => tmp.remove());
const { run } = localCli(tmp.dir, 'spec');

it('cache create reads the status once before it holds a poll for the first copy', async () => {
  for (const args of [['orders'], ['customers', '--incremental-every', '1h', '--incremental-column', 'customer_id']]) {
    const r = await run('cache', 'create', ...args, '--debug');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.match(/→ GET \S+\/status\?excludeLogs=true$/gm)).toHaveLength(1);
    expect(r.stderr).toMatch(/first copy of cache \w+ made/);
  }
});
