import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

const tmp = tempDir('dgw-limit-json-');
afterAll(() => tmp.remove());

describe('dgw sql --limit in JSON outputs', () => {
  const { run } = localCli(tmp.dir, 'spec');

  it.each([['--json'], ['--format', 'jsonl'], ['--format', 'yaml'], ['--jq', '.[0]']])('says on stderr, as a JSON warning, that the result has more: %s', async (...flags) => {
    const r = await run('sql', 'SELECT * FROM range(5)', '--limit', '2', ...flags);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('{"warning":"the first 2 rows (--limit 2); the result has more"}\n');
  });
});

describe('dgw sql --limit too large', () => {
  const { run } = localCli(tmp.dir, 'spec');

  it('says what the largest is', async () => {
    const r = await run('sql', 'SELECT 1', '--limit', '99999999999999999999');
    expect([r.code, r.stderr]).toEqual([2, 'error: --limit: "99999999999999999999" is more than the largest, 9007199254740991\n']);
  });
});
