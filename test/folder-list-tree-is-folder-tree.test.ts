import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `folder list --tree` drew the tree whatever --format asked (CSV and TSV printed the drawing), while
// `folder tree` printed rows; the docs call them the same tree, so `--tree` now prints what `folder
// tree` prints, but for its JSON, the nested folder records scripts read.

const tmp = tempDir('dgw-list-tree-');
afterAll(() => tmp.remove());
const { dgw } = localCli(tmp.dir, 'spec');

beforeAll(async () => {
  await dgw('folder', 'create', '/reports/monthly');
  await dgw('query', 'create', 'q1', '--sql', 'SELECT 1 AS x', '--path', '/reports');
});

it.each([
  ['csv', ['--format', 'csv']],
  ['tsv', ['--format', 'tsv']],
  ['a pipe', []],
])('folder list --tree prints what folder tree prints: %s', async (_form, flags) => {
  const listed = await dgw('folder', 'list', '--tree', ...flags);
  expect(listed).toBe(await dgw('folder', 'tree', ...flags));
  expect(listed).toContain('monthly');
});

it('--json stays the nested folder records, each with its queryIds', async () => {
  const [reports] = JSON.parse(await dgw('folder', 'list', '--tree', '--json'));
  expect(reports).toMatchObject({ name: 'reports', path: '/reports', parentId: null, queryIds: [expect.any(String)], children: [{ name: 'monthly', path: '/reports/monthly', queryIds: [] }] });
});

it('--format csv is a row per folder under the header', async () => {
  const csv = (await dgw('folder', 'list', '--tree', '--format', 'csv')).trim().split('\n');
  expect(csv[0]).toBe('KIND,PATH,ID,NAME');
  expect(csv.slice(1)).toEqual([expect.stringMatching(/^folder,\/reports,[0-9a-f-]+,reports$/), expect.stringMatching(/^folder,\/reports\/monthly,[0-9a-f-]+,monthly$/)]);
});
