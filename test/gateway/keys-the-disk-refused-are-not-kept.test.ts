import fs from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readKeyFile } from '../../src/gateway/keys.js';
import { openGateway, tempDir } from './helpers.js';

// A key create or delete that keys.json cannot take (a full disk) is answered 507 "was not made"; the
// served gateway must then act as if it was not: before, the refused key was listed and worked until
// a restart, and a refused delete refused the key until a restart brought it back.

const work = tempDir('dgw-keys-refused-');
afterAll(() => work.remove());

describe.skipIf(!fs.existsSync('/dev/full'))('keys.json cannot be written (its temporary file is /dev/full)', () => {
  it('a refused create is not listed, a refused delete leaves the key working, and keys.json agrees', async () => {
    const g = await openGateway({ dataDir: work.dir });
    const tmp = join(work.dir, `keys.json.${process.pid}.tmp`);
    try {
      const kept = await g.call('POST', '/projects/demo/apiKeys', { body: { name: 'kept' } });
      expect(kept.status).toBe(200);
      fs.symlinkSync('/dev/full', tmp);
      const refused = await g.call('POST', '/projects/demo/apiKeys', { body: { name: 'refused' } });
      expect(refused.status, refused.text).toBe(507);
      // A failed save removes its temporary file: here, the link.
      fs.symlinkSync('/dev/full', tmp);
      const deleted = await g.call('DELETE', `/projects/demo/apiKeys/${kept.body.apiKeyId}`);
      expect(deleted.status, deleted.text).toBe(507);
      fs.rmSync(tmp, { force: true });

      const listed = await g.call('GET', '/projects/demo/apiKeys');
      const names = (listed.body as Array<{ name: string }>).map((k) => k.name).sort();
      expect(names).toEqual(['demo (initial)', 'kept']);
      expect((await g.call('GET', '/data/projects/demo/queries', { key: kept.body.apiKey })).status).toBe(200);
      expect((await g.call('POST', '/projects/demo/apiKeys', { body: { name: 'after' } })).status).toBe(200);
      const stored = (await readKeyFile(join(work.dir, 'keys.json')))!.projectKeys.map((k) => k.name).sort();
      expect(stored).toEqual(['after', 'demo (initial)', 'kept']);
    } finally {
      fs.rmSync(tmp, { force: true });
      await g.close();
    }
  });
});
