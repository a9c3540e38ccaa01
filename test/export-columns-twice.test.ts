import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// An export asked for the same column twice wrote a header with a name nobody asked for (DuckDB's
// COPY renames the second `id` to `id_1`), exit 0. dgw refuses `--columns` naming one twice
// (any case, as the names match) before anything is sent, and the local gateway answers such a
// request 400.

const tmp = tempDir('dgw-export-twice-');
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'gateway'), DGW_ZONE: 'local' };
const dgw = (args: string[], input?: string) => runAsBinaryWould(args, { env, cwd: tmp.dir, input });
let queryId = '';

beforeAll(async () => {
  const r = await dgw(['query', 'create', 'pairs', '--sql', "SELECT 1 AS id, 'one' AS name", '-q']);
  expect(r.code, r.stderr).toBe(0);
  queryId = r.stdout.trim();
}, 60_000);

afterAll(() => tmp.remove());

describe('an export naming a column twice', () => {
  it('query export --columns id,ID: exit 2 before anything is sent, nothing under -o', async () => {
    const r = await dgw(['--debug', 'query', 'export', 'pairs', '--columns', 'id,name,ID', '-o', 'out.csv']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('error: --columns: "id,name,ID" names ID twice')]);
    expect(r.stderr).not.toMatch(/→ POST/);
    expect(fs.readdirSync(tmp.dir).filter((f) => f.includes('out.csv'))).toEqual([]);
  }, 60_000);

  it('the local gateway answers such a request 400 (exit 6), and starts no job', async () => {
    const r = await dgw(['api', 'POST', `/data/projects/{projectId}/queries/${queryId}/exports`, '--input', '-'], '{"columns": ["id", "id"]}');
    expect([r.code, r.stderr]).toEqual([6, expect.stringContaining('columns names "id" twice')]);
    expect((await dgw(['export', 'list', '--json', 'id'])).stdout.trim()).toBe('[]');
  }, 60_000);
});
