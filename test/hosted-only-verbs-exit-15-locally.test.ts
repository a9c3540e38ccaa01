import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// Verbs that reach operations only the hosted service does: each says so locally, naming the
// operation, and exits 15 (never 4, which a script would read as "no such thing").

const data = tempDir('dgw-hosted-only-data-');
const config = tempDir('dgw-hosted-only-config-');
afterAll(() => {
  data.remove();
  config.remove();
});
const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_LOCAL_DIR: data.dir, DGW_CONFIG_DIR: config.dir } });

describe('hosted-only verbs on the local gateway', () => {
  it.each([
    [['transpile', 'mysql', 'SELECT 1'], 'transpileSQL'],
    [['embed', 'session'], 'initSession'],
    [['thread', 'list'], 'listThreads'],
  ])('dgw %j exits 15 naming %s', async (args, operationId) => {
    const r = await dgw(...args);
    expect(r.code, r.stderr).toBe(15);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`the local gateway does not implement ${operationId}`);
    expect(r.stderr).toMatch(/hosted service/);
  });

  // The error alone left the user to guess how to reach the hosted service.
  it.each([['ask', 'hi'], ['transpile', 'mysql', 'SELECT 1'], ['embed', 'session'], ['thread', 'list']])('dgw %j hints how to run it on the hosted service', async (...args) => {
    const r = await dgw(...args);
    expect(r.code, r.stderr).toBe(15);
    expect(r.stderr).toContain('\nhint: only the hosted service does this: log in to it with `dgw auth login --zone default` (or `--zone eu`), then run this with the same --zone\n');
  });
});
