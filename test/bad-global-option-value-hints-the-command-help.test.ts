import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A global option's value is judged by the root command, whose help was the one pointed at; the
// help that says what the command takes (query export's --format is its file's) is the command's.
const tmp = tempDir('dgw-bad-global-');
afterAll(() => tmp.remove());

describe('a global option given a value it does not take', () => {
  it('points at the help of the command named, wherever the option stands', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const after = await run('query', 'export', 'orders', '--format', 'parquet', '-o', 'x');
    expect(after.code).toBe(2);
    expect(after.stderr).toMatch(/^error: --format parquet: an export is csv or jsonl$/m);
    expect(after.stderr).toMatch(/^hint: see `dgw (--zone local )?query export --help`$/m);
    const before = await run('--format', 'nope', 'catalog', 'list');
    expect(before.stderr).toMatch(/^hint: see `dgw (--zone local )?catalog list --help`$/m);
    const alone = await run('--format', 'nope');
    expect(alone.stderr).toMatch(/^hint: see `dgw (--zone local )?--help`$/m);
  });

  it('names the closest choice, for an option and for an argument of fixed choices', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const format = await run('query', 'list', '--format', 'yamll');
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/^error: option '--format <format>' argument 'yamll' is invalid\. Allowed choices are .*\. \(Did you mean yaml\?\)$/m);
    expect((await run('--zone', 'loca', 'query', 'list')).stderr).toMatch(/\(Did you mean local\?\)$/m);
    const setting = await run('config', 'set', 'outptu', 'json');
    expect(setting.code).toBe(2);
    expect(setting.stderr).toMatch(/^error: .*'outptu' is invalid .*Allowed choices are output, project, zone\. \(Did you mean output\?\)$/m);
    // Nothing close: commander's list alone.
    expect((await run('query', 'list', '--format', 'zzz')).stderr).toMatch(/Allowed choices are table, json, jsonl, yaml, csv, tsv, simple, compact\.$/m);
  });
});
