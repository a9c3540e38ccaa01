import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// The root holds queries too: `folder tree --queries` left them out, and `folder view /` said the
// tree shows everything. Every --format of `folder tree` is honoured (CSV and TSV printed the drawing).

const tmp = tempDir('dgw-tree-root-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '' };
const dgw = async (argv: string[], terminalColumns?: number) => {
  const r = await runInProcess(argv, { env, cwd: tmp.dir, terminalColumns });
  expect(r.code, `dgw ${argv.join(' ')}\n${r.stderr}`).toBe(0);
  return r.stdout;
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  await dgw(['folder', 'create', '/a/b', '--parents']);
  ids.top = (await dgw(['query', 'create', 'at_the_top', '--sql', 'SELECT 1 AS x', '-q'])).trim();
  ids.inb = (await dgw(['query', 'create', 'in_b', '--sql', 'SELECT 2 AS x', '--path', '/a/b', '-q'])).trim();
});

describe('the root in folder tree and folder view', () => {
  it('folder tree --queries shows the queries at the root too', async () => {
    const drawn = await dgw(['folder', 'tree', '--queries', '--no-color'], 100);
    expect(drawn).toContain(`at_the_top  ${ids.top}`);
    expect(drawn).toContain(`in_b  ${ids.inb}`);
  });

  it('--format csv and tsv print a row per folder and per query, by path', async () => {
    const csv = await dgw(['folder', 'tree', '--queries', '--format', 'csv']);
    expect(csv.split('\n')[0]).toBe('KIND,PATH,ID,NAME');
    expect(csv).toContain(`query,/,${ids.top},at_the_top`);
    expect(csv).toContain(`query,/a/b,${ids.inb},in_b`);
    expect(csv).toMatch(/^folder,\/a\/b,[0-9a-f-]+,b$/m);
    const tsv = await dgw(['folder', 'tree', '--queries', '--format', 'tsv']);
    expect(tsv).toContain(`query\t/\t${ids.top}\tat_the_top`);
  });

  it('--json lists the root\'s queries too, as a first entry {path: "/", queries}, as the drawing and CSV do', async () => {
    for (const argv of [['folder', 'tree', '--queries', '--json'], ['folder', 'list', '--tree', '--queries', '--json']]) {
      const [root, a] = JSON.parse(await dgw(argv)) as Array<{ path: string; queries: Array<{ id: string }>; children?: unknown[] }>;
      expect(root).toEqual({ path: '/', queries: [expect.objectContaining({ id: ids.top, name: 'at_the_top', folderId: null })] });
      expect(a.path).toBe('/a');
    }
    expect(JSON.parse(await dgw(['folder', 'tree', '/a', '--queries', '--json'])).map((n: { path: string }) => n.path)).toEqual(['/a']);
  });

  it('folder view / shows the folders at the top and the queries at the root', async () => {
    const view = JSON.parse(await dgw(['folder', 'view', '/', '--json'])) as { id: null; path: string; folders: Array<{ name: string }>; queries: Array<{ name: string }> };
    expect(view.id).toBeNull();
    expect(view.path).toBe('/');
    expect(view.folders.map((f) => f.name)).toEqual(['a']);
    expect(view.queries.map((q) => q.name)).toEqual(['at_the_top']);
  });
});
