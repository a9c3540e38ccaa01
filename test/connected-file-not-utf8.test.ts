import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A CSV file of a connected folder saved in Latin-1 was said only as "CSV Error on Line: 2", naming
// neither file nor cause, and it kept every other file's table of the folder from reading.

const tmp = tempDir('dgw-not-utf8-');
afterAll(() => tmp.remove());

const latin1 = Buffer.from('id,name\n1,caf\xe9\n', 'latin1');

describe('a connected CSV file that is not UTF-8', () => {
  it('is refused at connection create, naming the file and why', async () => {
    const { run } = localCli(join(tmp.dir, 'create'), 'spec');
    const folder = join(tmp.dir, 'at-create');
    mkdirSync(folder);
    writeFileSync(join(folder, 'good.csv'), 'a\n1\n');
    writeFileSync(join(folder, 'latin.csv'), latin1);
    const r = await run('connection', 'create', 'f', '--type', 'csv', '--field', `path=${folder}`);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`${join(folder, 'latin.csv')} cannot be read as CSV: it is not UTF-8 text (line 2); re-save it as UTF-8`);
  });

  it('written after the connection was made leaves out its own table only, which says why until it is mended', async () => {
    const { dgw, run } = localCli(join(tmp.dir, 'later'), 'spec');
    const folder = join(tmp.dir, 'later-files');
    mkdirSync(folder);
    writeFileSync(join(folder, 'good.csv'), 'a\n1\n');
    await dgw('connection', 'create', 'f', '--type', 'csv', '--field', `path=${folder}`);
    writeFileSync(join(folder, 'latin.csv'), latin1);
    expect(await dgw('sql', 'SELECT * FROM f.main.good')).toBe('1\n');
    const r = await run('sql', 'SELECT * FROM f.main.latin');
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`${join(folder, 'latin.csv')} cannot be read as CSV: it is not UTF-8 text (line 2); re-save it as UTF-8`);
    // A count reads no column, and must not answer a number for a file that does not read.
    const counted = await run('sql', 'SELECT count(*) AS n FROM f.main.latin');
    expect(counted.code, counted.stdout).toBe(6);
    expect(counted.stderr).toContain('cannot be read as CSV');
    writeFileSync(join(folder, 'latin.csv'), 'id,name\n1,cafe\n');
    expect(await dgw('sql', 'SELECT * FROM f.main.latin')).toBe('1\tcafe\n');
  });
});
