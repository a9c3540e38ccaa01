import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A statement starting with - reads as an option; the hint shows every argument after the lone --,
// in order, so a command of several (transpile's dialect and statement) followed as shown gets past
// the command line instead of taking the statement for the dialect.
const tmp = tempDir('dgw-dash-hint-');
afterAll(() => tmp.remove());

describe('the hint for an argument that starts with -', () => {
  it('names each argument of dgw transpile after the lone --, and the line it shows is taken', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const statement = '-- revenue\nSELECT 1';
    const r = await run('transpile', statement, 'postgres');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^hint: .* goes after a lone --, with the arguments in order: `dgw (--zone local )?transpile -- DIALECT STATEMENT`$/m);
    const followed = await run('transpile', '--', 'postgres', statement);
    // Past the command line: the local gateway has no transpiler (exit 15), not a usage error.
    expect(followed.code, followed.stderr).toBe(15);
  });
});
