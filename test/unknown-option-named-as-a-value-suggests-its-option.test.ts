import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A newcomer typed `query create --folder /reports` and was asked whether they meant --file or
// --header: commander guesses by spelling, and the option that takes a folder is --path <folder>.
const tmp = tempDir('dgw-option-by-value-');
afterAll(() => tmp.remove());

describe('an unknown option named as another option takes its value', () => {
  it('suggests that option, with or without =, and sends nothing', async () => {
    const { run, json } = localCli(tmp.dir, 'spec');
    for (const given of [['--folder', '/reports'], ['--folder=/reports'], ['--FOLDER', '/reports']]) {
      const r = await run('query', 'create', 'Revenue', '--sql', 'SELECT 1', ...given);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(new RegExp(`^error: unknown option '${given[0]}' \\(Did you mean --path <folder>\\?\\)$`, 'm'));
      expect(r.stderr).toMatch(/^hint: see `dgw (--zone local )?query create --help`$/m);
    }
    expect(await json('query', 'list')).toEqual([]);
  });

  it('leaves commander spelling guesses where no option takes such a value', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const r = await run('query', 'create', 'Revenue', '--sql', 'SELECT 1', '--materialised');
    expect(r.stderr).toMatch(/^error: unknown option '--materialised' \(Did you mean --materialized\?\)$/m);
  });
});
