import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// A signed download link is a secret: the --debug trace shows it without its query, in the traced answer as on the GET line.
const dir = tempDir('dgw-trace-links-');
const env = { DGW_CONFIG_DIR: path.join(dir.dir, 'config'), DGW_LOCAL_DIR: path.join(dir.dir, 'gateway'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };
afterAll(() => dir.remove());

describe('--debug and signed links', () => {
  it('the traced export answer shows each file link without its signature', async () => {
    expect((await runAsBinaryWould(['query', 'create', 'Three', '--sql', 'SELECT range AS n FROM range(3)'], { env })).code).toBe(0);
    const r = await runAsBinaryWould(['--debug', 'query', 'export', 'three'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/"url":"http:\/\/[^"]+\/files\/[^"?]+\?…"/);
    expect(r.stderr).not.toMatch(/signature|expires=/);
  });
});
