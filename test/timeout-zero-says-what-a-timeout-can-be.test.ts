import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `--timeout 0` said `"0" is not a duration`, which reads as a parse failure of a plain number. The
// design has no "0 means no limit", so zero is refused saying a timeout is more than zero and the longest.

const tmp = tempDir('dgw-timeout-zero-');
afterAll(() => tmp.remove());

describe('--timeout of zero', () => {
  const { run } = localCli(tmp.dir, 'spec');

  for (const zero of ['0', '0s', 'PT0S']) {
    it(`--timeout ${zero} is exit 2 saying it is zero and what a timeout can be`, async () => {
      const r = await run('sql', 'SELECT 1', '--timeout', zero);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`error: --timeout: "${zero}" is zero; a timeout is more than zero`);
      expect(r.stderr).toContain('the longest is 24d');
    });
  }

  it('a word still says it is not a duration', async () => {
    const r = await run('sql', 'SELECT 1', '--timeout', 'soon');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('error: --timeout: "soon" is not a duration');
  });
});
