import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A connection whose table a cache copies is kept; the refusal says which command removes the cache and how to list them.
const tmp = tempDir('dgw-conn-rm-cache-');
afterAll(() => tmp.remove());
const { json, run } = localCli(tmp.dir, 'spec');

it('connection rm refused by a cache names dgw cache rm and the listing, and works once the cache is gone', async () => {
  const file = path.join(tmp.dir, 'visits.csv');
  fs.writeFileSync(file, 'page,n\n/a,1\n');
  await json('connection', 'create', 'visits', '--type', 'csv', '--field', `path=${file}`);
  const cache = await json('cache', 'create', 'visits.main.visits');
  const refused = await run('connection', 'rm', 'visits', '--yes');
  expect(refused.code).toBe(5);
  expect(refused.stderr).toContain(`caches of catalog visits exist (${cache.id}): remove them first with \`dgw --zone local cache rm ID\` (\`dgw --zone local cache list --catalog visits\` lists them)`);
  expect((await json('cache', 'list', '--catalog', 'visits')).map((c: { id: string }) => c.id)).toEqual([cache.id]);
  expect((await run('cache', 'rm', cache.id, '--yes')).code).toBe(0);
  expect((await run('connection', 'rm', 'visits', '--yes')).code).toBe(0);
});
