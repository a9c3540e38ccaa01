import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// macOS and Windows keep demo.duckdb and Demo.duckdb as one file: a project made as "Demo" beside
// "demo" would have opened demo's database under a second id (two instances on one file in a dgw
// serve). A new project's id is its name only when no project has that name in any letter case.
const tmp = tempDir('dgw-project-case-');
afterAll(() => tmp.remove());

describe('local project ids', () => {
  it('a project named as another but for case gets an id of its own, and each keeps its own queries', async () => {
    const { json, dgw, run } = localCli(tmp.dir, 'spec');
    await dgw('query', 'list');
    const made = await json('project', 'create', 'Demo');
    expect(made.name).toBe('Demo');
    expect(made.id.toLowerCase()).not.toBe('demo');
    const files = fs.readdirSync(path.join(tmp.dir, 'data-spec', 'projects')).filter((f) => f.endsWith('.duckdb'));
    expect(files.map((f) => f.toLowerCase()).sort()).toEqual([`${made.id.toLowerCase()}.duckdb`, 'demo.duckdb'].sort());
    await dgw('--project', made.id, 'query', 'create', 'Only here', '--sql', 'SELECT 1');
    expect((await json('query', 'list')).map((q: { name: string }) => q.name)).not.toContain('onlyhere');
    // The id as typed, in another case, names no project.
    expect((await run('--project', 'DEMO', 'query', 'list')).code).toBe(4);
  });

  it('a name free in every case is the id, as before', async () => {
    const { json } = localCli(tmp.dir, 'spec');
    expect((await json('project', 'create', 'sales')).id).toBe('sales');
  });
});
