import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A folder connection's tables are named from its files by the name rule. A file whose name is
// already a table name keeps it whatever files arrive later, so a saved query or a cache that reads
// it never silently reads another file; names that only meet after the rule take _2, _3.

const tmp = tempDir('dgw-file-names-');
afterAll(() => tmp.remove());

describe('the tables of a folder connection', () => {
  const { dgw } = localCli(tmp.dir, 'spec');
  const inbox = join(tmp.dir, 'inbox');

  it('ab.csv stays table ab when "a b.csv" arrives, which becomes ab_2', async () => {
    mkdirSync(inbox);
    writeFileSync(join(inbox, 'ab.csv'), 'who\nfrom ab.csv\n');
    await dgw('connection', 'create', 'inbox', '--type', 'csv', '--field', `path=${inbox}`);
    expect(await dgw('sql', 'SELECT who FROM inbox.main.ab')).toBe('from ab.csv\n');
    // "a b.csv" sorts before "ab.csv", and cleans to the same name.
    writeFileSync(join(inbox, 'a b.csv'), 'who\nfrom a b.csv\n');
    expect(await dgw('sql', 'SELECT who FROM inbox.main.ab')).toBe('from ab.csv\n');
    expect(await dgw('sql', 'SELECT who FROM inbox.main.ab_2')).toBe('from a b.csv\n');
  });

  it('a folder named with glob characters, run[1], is read as a folder', async () => {
    const run = join(tmp.dir, 'run[1]');
    mkdirSync(run);
    writeFileSync(join(run, 'visits.csv'), 'who\nfrom run[1]\n');
    await dgw('connection', 'create', 'run1', '--type', 'csv', '--field', `path=${run}`);
    expect(await dgw('sql', 'SELECT who FROM run1.main.visits')).toBe('from run[1]\n');
  });

  it('reads files whose extension is in capitals, DATA.CSV, as a folder\'s csv files', async () => {
    const exported = join(tmp.dir, 'exported');
    mkdirSync(exported);
    writeFileSync(join(exported, 'DATA.CSV'), 'who\nfrom DATA.CSV\n');
    await dgw('connection', 'create', 'exported', '--type', 'csv', '--field', `path=${exported}`);
    expect(await dgw('sql', 'SELECT who FROM exported.main.data')).toBe('from DATA.CSV\n');
  });
});
