import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// Where a project's database file (or its WAL) should be, something that is not a file: a folder,
// a loop of symbolic links. dgw names the path and what is there, exit 13, and leaves it as it
// found it (a named pipe, which made it wait for ever: a-named-pipe-where-a-settings-file-goes).

const tmp = tempDir('dgw-not-a-file-');
afterAll(() => tmp.remove());

/** A new data folder whose demo project's database (or its WAL) is made by `plant`. */
function dataFolder(plant: (file: string) => void): { env: Record<string, string>; file: string } {
  const data = fs.mkdtempSync(path.join(tmp.dir, 'data-'));
  fs.mkdirSync(path.join(data, 'projects'), { mode: 0o700 });
  const file = path.join(data, 'projects', 'demo.duckdb');
  plant(file);
  return { env: { DGW_ZONE: 'local', DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: path.join(tmp.dir, 'config') }, file };
}

async function failure(env: Record<string, string>): Promise<{ code: number; error: { kind: string; errorCode: string; message: string } }> {
  const r = await runAsBinaryWould(['query', 'list', '--json'], { env });
  return { code: r.code, error: r.stderr ? JSON.parse(r.stderr).error : undefined };
}

const NOT_FILES: Array<[string, string, (file: string) => void]> = [
  ['a folder', 'a folder', (f) => fs.mkdirSync(f)],
  ['a symbolic link to itself', 'a loop of symbolic links', (f) => fs.symlinkSync(f, f)],
];

describe.each(NOT_FILES)('a project database that is %s', (_kind, what, plant) => {
  it('is named with what is there, exit 13, and left as it was', async () => {
    const { env, file } = dataFolder(plant);
    const before = fs.lstatSync(file);
    const { code, error } = await failure(env);
    expect(code).toBe(13);
    expect(error).toMatchObject({ kind: 'local_fault', errorCode: 'DAMAGED_FILE' });
    expect(error.message).toBe(
      `the database of project demo cannot be opened: ${file} is ${what}, not a file; move it aside, then try again: the demo project is made again, seeded`,
    );
    const after = fs.lstatSync(file);
    expect([after.mode, after.ino]).toEqual([before.mode, before.ino]);
  });
});

describe('the WAL beside a project database', () => {
  it('that is a folder is named as the WAL, and the database is said to open as last written', async () => {
    const { env, file } = dataFolder(() => undefined);
    expect((await runAsBinaryWould(['query', 'list', '-q'], { env })).code).toBe(0);
    fs.mkdirSync(`${file}.wal`);
    const { code, error } = await failure(env);
    expect(code).toBe(13);
    expect(error.message).toBe(`the database of project demo cannot be opened: ${file}.wal is a folder, not a file; move it aside, then try again: its database, ${file}, opens as it was last written`);
    fs.rmdirSync(`${file}.wal`);
    expect((await runAsBinaryWould(['table', 'list', '-q'], { env })).stdout).toBe('customers\norders\n');
  });
});

it('of a project other than demo, says how to make it afresh', async () => {
  const { env, file } = dataFolder(() => undefined);
  expect((await runAsBinaryWould(['project', 'create', 'other', '-q'], { env })).code).toBe(0);
  const other = path.join(path.dirname(file), 'other.duckdb');
  fs.rmSync(other);
  fs.mkdirSync(other);
  const r = await runAsBinaryWould(['--project', 'other', 'query', 'list'], { env });
  expect([r.code, r.stderr.split('\n')[0]]).toEqual([13, `error: the database of project other cannot be opened: ${other} is a folder, not a file; move it aside, then make the project afresh, empty: dgw --zone local project create other`]);
});

it('a project database reached through a symbolic link to a file still opens', async () => {
  const { env, file } = dataFolder(() => undefined);
  expect((await runAsBinaryWould(['query', 'list', '-q'], { env })).code).toBe(0);
  const real = path.join(path.dirname(file), 'real.duckdb');
  fs.renameSync(file, real);
  fs.symlinkSync(real, file);
  const r = await runAsBinaryWould(['table', 'list', '-q'], { env });
  expect([r.code, r.stdout, r.stderr]).toEqual([0, 'customers\norders\n', '']);
});
