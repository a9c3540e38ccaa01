import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A project the disk has no room for is answered "the disk is full ... was not made" (exit 13). Its
// half-made database file was left behind: the project was then listed, and every command on it,
// even after space was freed, said the database was damaged.

const tmp = tempDir('dgw-project-full-');
afterAll(() => tmp.remove());

describe.skipIf(!fs.existsSync('/dev/full'))('project create when the database cannot be written (its WAL is /dev/full)', () => {
  it('exit 13, no project listed, no file left, and the same create works once there is room', async () => {
    const { run, dgw } = localCli(tmp.dir, 'spec');
    await dgw('project', 'list');
    const projects = path.join(tmp.dir, 'data-spec', 'projects');
    fs.symlinkSync('/dev/full', path.join(projects, 'sales.duckdb.wal'));

    const refused = await run('project', 'create', 'sales');
    expect(refused.code, refused.stderr).toBe(13);
    expect(refused.stderr).toMatch(/^error: the disk is full/);
    expect(fs.readdirSync(projects).filter((f) => f.startsWith('sales'))).toEqual([]);
    expect(await dgw('project', 'list', '-q')).toBe('demo\n');

    expect(await dgw('project', 'create', 'sales', '-q')).toBe('sales\n');
    expect((await run('--project', 'sales', 'query', 'list')).code).toBe(0);
  });
});
