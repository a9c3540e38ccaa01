import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// More arguments than a command takes is most often a name with spaces left out of quotes, or a
// directory given without --dir: the message names what was given, the hint what was meant.
const tmp = tempDir('dgw-too-many-');
afterAll(() => tmp.remove());

describe('more arguments than a command takes', () => {
  it('a name with spaces: the hint quotes it as one argument, which is then taken', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const r = await run('query', 'create', 'Revenue', 'by', 'customer', '--sql', 'SELECT 1 AS one');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: dgw (--zone local )?query create takes DISPLAY-NAME, and was given 3: "Revenue" "by" "customer"$/m);
    expect(r.stderr).toMatch(/^hint: a name with spaces goes in quotes, as one argument: "Revenue by customer"; see `dgw (--zone local )?query create --help`$/m);
    expect((await run('query', 'create', 'Revenue by customer', '--sql', 'SELECT 1 AS one')).code).toBe(0);
  });

  it('a directory without --dir: the hint puts it after --dir; a command of no arguments says so', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const r = await run('pull', 'sql');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: dgw (--zone local )?pull takes no arguments, and was given 1: "sql"$/m);
    expect(r.stderr).toMatch(/^hint: a path goes after --dir: `dgw (--zone local )?pull --dir sql`$/m);
    const listed = await run('catalog', 'list', 'extra');
    expect(listed.stderr).toMatch(/^error: dgw (--zone local )?catalog list takes no arguments, and was given 1: "extra"$/m);
    expect(listed.stderr).toMatch(/^hint: see `dgw (--zone local )?catalog list --help`$/m);
  });
});
