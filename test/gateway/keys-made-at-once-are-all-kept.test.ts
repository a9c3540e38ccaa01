import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readKeyFile } from '../../src/gateway/keys.js';
import { openGateway, tempDir } from './helpers.js';

// Clients of dgw serve may make and delete keys at the same moment: each is answered, and each is in keys.json.

const work = tempDir('dgw-keys-at-once-');
afterAll(() => work.remove());

it('keeps every key made and every delete, when requests come at once', async () => {
  const g = await openGateway({ dataDir: work.dir });
  try {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => g.call('POST', '/projects/demo/apiKeys', { body: { name: `k${i}` } })));
    expect(made.map((r) => r.status)).toEqual(made.map(() => 200));
    const gone = made.slice(0, 6).map((r) => r.body.apiKeyId as string);
    const deleted = await Promise.all(gone.map((id) => g.call('DELETE', `/projects/demo/apiKeys/${id}`)));
    expect(deleted.map((r) => r.status)).toEqual(deleted.map(() => 200));
    const stored = (await readKeyFile(join(work.dir, 'keys.json')))!.projectKeys.map((k) => k.name).sort();
    expect(stored).toEqual(['demo (initial)', ...made.slice(6).map((r) => r.body.name as string)].sort());
  } finally {
    await g.close();
  }
});
