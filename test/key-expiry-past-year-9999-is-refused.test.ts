import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `key create --expires` takes a duration from now: one so long that the time falls past the
// year 9999 is refused before anything is sent (exit 2), not a bug of dgw's (exit 1) nor a time
// in ISO 8601's expanded years (+010240-...), which the service's own ISO times never are.
const dir = tempDir('dgw-key-expiry-');
afterAll(() => dir.remove());
const { run } = localCli(dir.dir, 'spec');

describe('key create --expires', () => {
  // A 400-digit count of days is Infinity milliseconds.
  it.each(['99999999d', '3000000d', 'P3000000D', `${'9'.repeat(400)}d`].map((when) => [when.slice(0, 12), when]))('%s ends past the year 9999: exit 2, naming the flag, nothing sent', async (_label, when) => {
    const r = await run('key', 'create', 'far', '--expires', when);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`error: --expires: ${when} ends after the year 9999`);
    expect(r.stderr).toContain('leave --expires out for a key that never expires');
    const keys = await run('key', 'list', '--json', 'name');
    expect(JSON.parse(keys.stdout)).not.toContainEqual({ name: 'far' });
  });

  it('a long duration within the year 9999 is sent as the time it ends', async () => {
    const r = await run('key', 'create', 'long', '--expires', '2000000d', '--json', 'expiresAt,apiKey');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).expiresAt).toMatch(/^\d{4}-/);
  });
});
