import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// A CSV header line that names a column twice (any case: names match the table's in any case)
// cannot say which of the two goes to that column: dgw refuses it before the import is sent,
// naming the name and both positions, and the table stays as it was. (Without --map the gateway
// answered "column id is mapped twice", of a mapping the user never wrote, exit 6; with --map
// the first of the two was imported without a word.)

const tmp = tempDir('dgw-header-twice-');
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'gateway'), DGW_ZONE: 'local' };
const dgw = (...args: string[]) => runAsBinaryWould(args, { env, cwd: tmp.dir });

beforeAll(async () => {
  for (const args of [['table', 'create', 'people'], ['table', 'add-column', 'people', 'id:BIGINT', 'name:VARCHAR']]) {
    const r = await dgw(...args);
    expect(r.code, r.stderr).toBe(0);
  }
  fs.writeFileSync(path.join(tmp.dir, 'twice.csv'), 'id,name,ID\n1,one,100\n');
  fs.writeFileSync(path.join(tmp.dir, 'exact.csv'), 'id,name,id\n1,one,100\n');
}, 60_000);

afterAll(() => tmp.remove());

describe('a header line that names a column twice', () => {
  it('without --map (the names in two cases): refused before the import is sent, naming the name and both columns; no row imported', async () => {
    const r = await dgw('--debug', 'table', 'import', 'people', 'twice.csv');
    expect(r.code).toBe(14);
    expect(r.stderr).toContain('error: the file\'s header line names "id" twice (columns 1 and 3)');
    expect(r.stderr).not.toMatch(/→ POST/);
    expect((await dgw('sql', 'SELECT count(*) FROM svc.table.people')).stdout.trim()).toBe('0');
  }, 60_000);

  it('with --map naming it: refused the same way, never the first of the two taken silently', async () => {
    const r = await dgw('table', 'import', 'people', 'exact.csv', '--map', 'id=id', '--map', 'name=name');
    expect(r.code).toBe(14);
    expect(r.stderr).toContain('error: the file\'s header line names "id" twice (columns 1 and 3)');
    expect((await dgw('sql', 'SELECT count(*) FROM svc.table.people')).stdout.trim()).toBe('0');
  }, 60_000);

  it('with --map leaving it out: the other columns import', async () => {
    const r = await dgw('table', 'import', 'people', 'exact.csv', '--map', 'name=name');
    expect(r.code, r.stderr).toBe(0);
    expect((await dgw('sql', 'SELECT id, name FROM svc.table.people', '--format', 'csv')).stdout).toBe('id,name\n,one\n');
  }, 60_000);
});
