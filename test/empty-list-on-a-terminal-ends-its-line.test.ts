import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// An empty list on a colour terminal wrote "(none)" dimmed with the newline inside the colour, so
// the colour library closed it on the next line: a stray escape after the line, with no newline.

const tmp = tempDir('dgw-empty-list-');
afterAll(() => tmp.remove());

it('an empty list on a colour terminal is "(none)" dimmed, then the end of the line', async () => {
  const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PROJECT: 'demo', FORCE_COLOR: '1' };
  const r = await runInProcess(['golden-sql', 'list'], { env, terminalColumns: 100 });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('\u001b[2m(none)\u001b[22m\n');
});
