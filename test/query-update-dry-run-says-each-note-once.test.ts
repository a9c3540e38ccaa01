import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `query update --name ... --dry-run` printed its notes (the SQL name that changes, who reads it)
// under the request on stdout and again as warnings on stderr; `query rm --dry-run` prints them
// once, on stdout, and so does every dry run of query update now.

const tmp = tempDir('dgw-update-dry-run-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });
const count = (text: string, part: string) => text.split(part).length - 1;

beforeAll(async () => {
  expect((await dgw('query', 'create', 'q1', '--sql', 'SELECT 1 AS x')).code).toBe(0);
  expect((await dgw('query', 'create', 'reader', '--sql', 'SELECT * FROM svc.query.q1')).code).toBe(0);
});

it.each([
  ['--name', ['--name', 'Q one'], ['the SQL name changes from q1 to qone', '(a dry run reads nothing']],
  ['--materialized', ['--materialized'], ['svc.query.q1 stops existing', '(a dry run reads nothing']],
  ['--name --with-reads', ['--name', 'Q one', '--with-reads'], ['svc.query.q1 becomes svc.query.qone', '1 saved query reads svc.query.q1', '  reader (plain)']],
])('query update %s --dry-run says each note once, under its request on stdout', async (_flags, flags, notes) => {
  const r = await dgw('query', 'update', 'q1', ...flags, '--dry-run');
  expect(r.code, r.stderr).toBe(0);
  for (const note of notes) expect(count(r.stdout + r.stderr, note), note).toBe(1);
  for (const note of notes) expect(r.stdout).toContain(note);
  expect(r.stderr).toBe('(dry run: this request was not sent)\n');
});
