import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `dgw thread rename X "a<TAB>b"` said "NAME must be plain text, not empty" of a name that is not
// empty; the message now says which of the two is wrong.

const tmp = tempDir('dgw-thread-rename-name-');
afterAll(() => tmp.remove());

describe('thread rename refuses a bad name saying why', () => {
  const { run } = localCli(tmp.dir, 'spec');

  it('a name with a tab is refused as holding a control character, before sending', async () => {
    const r = await run('thread', 'rename', 'X', 'a\tb');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('error: NAME contains a control character');
    expect(r.stderr).not.toContain('empty');
  });

  it('a blank name is refused as empty', async () => {
    const r = await run('thread', 'rename', 'X', '  ');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('error: NAME is empty');
  });
});
