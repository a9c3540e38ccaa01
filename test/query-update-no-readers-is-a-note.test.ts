import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// That no other saved query reads the name a change ends is good news: a note, not a warning.

const tmp = tempDir('dgw-no-readers-note-');
afterAll(() => tmp.remove());

describe('query update that ends a name no one reads', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('warns of the ending and notes, without "warning:", that no other query reads it', async () => {
    await dgw('query', 'create', 'lonely', '--sql', 'SELECT 1 AS x');
    const r = await run('query', 'update', 'lonely', '--materialized');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: lonely becomes a materialized query');
    expect(r.stderr).toContain("\nno other saved query's SQL reads svc.query.lonely\n");
    expect(r.stderr).not.toContain("warning: no other saved query's SQL reads");
  });
});
