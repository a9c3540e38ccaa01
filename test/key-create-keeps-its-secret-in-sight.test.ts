import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A new key's secret is shown once: a --json field list without it would make a key nobody can use, so it is refused before anything is made.
const tmp = tempDir('dgw-key-secret-');
afterAll(() => tmp.remove());
const { run, json } = localCli(tmp.dir, 'spec');

it('key create --json with fields that leave out apiKey is refused (exit 2) and makes no key', async () => {
  const r = await run('key', 'create', 'ci', '--json', 'apiKeyId');
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('--json apiKeyId leaves out apiKey, the new key\'s secret, which is shown this once and never again');
  expect(r.stderr).toContain('--json apiKeyId,apiKey');
  expect((await json('key', 'list')).map((k: { name: string }) => k.name)).not.toContain('ci');
  const kept = await run('key', 'create', 'ci', '--json', 'apiKeyId,apiKey');
  expect(JSON.parse(kept.stdout).apiKey).toMatch(/^dgw_project_/);
});

it('key create --jq that does not name apiKey warns, naming the key to delete', async () => {
  const r = await run('key', 'create', 'nightly', '--jq', '.apiKeyId');
  expect(r.code).toBe(0);
  expect(r.stderr).toContain(`--jq .apiKeyId may leave out apiKey, the secret, which cannot be shown again: if it did, delete this key (\`dgw --zone local key rm ${r.stdout.trim()}\`)`);
  expect((await run('key', 'create', 'other', '--jq', '.apiKey')).stderr).toBe('');
});
