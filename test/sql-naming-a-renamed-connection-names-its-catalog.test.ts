import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A renamed connection keeps its catalog's name, so SQL written for it still reads it. A newcomer
// who renamed it and wrote the new name in SQL was told only that the catalog does not exist.

const tmp = tempDir('dgw-renamed-connection-');
afterAll(() => tmp.remove());

describe('SQL naming a renamed connection is told the catalog it is read as', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('names the catalog, in sql and in a saved query, and the old name still reads', async () => {
    writeFileSync(join(tmp.dir, 'weather.csv'), 'city,temp\nOslo,3.5\n');
    await dgw('connection', 'create', 'wx', '--type', 'csv', '--field', `path=${join(tmp.dir, 'weather.csv')}`);
    await dgw('connection', 'update', 'wx', '--name', 'Weather');
    const sql = await run('sql', 'SELECT city FROM weather.main.weather');
    expect(sql.code).toBe(6);
    expect(sql.stderr).toContain('there is no catalog Weather: connection Weather is read as catalog wx, the name it was made with');
    const saved = await run('query', 'create', 'cities', '--sql', 'SELECT city FROM Weather.main.weather');
    expect(saved.stderr).toContain('connection Weather is read as catalog wx');
    expect(await dgw('sql', 'SELECT city FROM wx.main.weather')).toBe('Oslo\n');
  });

  it('a catalog that no connection is named leaves DuckDB\'s words as they were', async () => {
    const r = await run('sql', 'SELECT 1 FROM nowhere.main.t');
    expect(r.stderr).toContain('Catalog "nowhere" does not exist');
  });
});
