import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../support/dgw.js';
import { createQueries, expectAllPresent, localDgw, type Acknowledged } from '../support/local-faults.js';

// A damaged project database (emptied, truncated, blocks overwritten): dgw says which file is
// damaged and what to do, exit 13; never "unexpected failure ... a bug in dgw" (exit 1) and
// never "in use by another process" (a pattern for "lock" matched "block"). It leaves the
// damaged file as it found it, so it can still be restored or salvaged, and the other projects'
// acknowledged queries stay reachable.

const tmp = tempDir('dgw-damaged-db-');
afterAll(() => tmp.remove());

let data: string;
let dgw: ReturnType<typeof localDgw>;
let kept: Acknowledged[];
let file: string;

beforeEach(async () => {
  data = fs.mkdtempSync(path.join(tmp.dir, 'data-'));
  dgw = localDgw(data, path.join(tmp.dir, 'config'));
  kept = await createQueries(dgw, 'demoquery', 2);
  expect((await dgw(['project', 'create', 'other', '-q'])).stdout).toBe('other\n');
  await createQueries(dgw, 'lost', 3, 'other');
  file = path.join(data, 'projects', 'other.duckdb');
  expect(fs.existsSync(`${file}.wal`)).toBe(false);
});

const DAMAGES: Array<[string, (file: string) => void]> = [
  ['emptied', (f) => fs.writeFileSync(f, '')],
  ['truncated to half', (f) => fs.truncateSync(f, Math.floor(fs.statSync(f).size / 2))],
  [
    'overwritten from its third block on (a corrupt block)',
    (f) => {
      const fd = fs.openSync(f, 'r+');
      const junk = Buffer.alloc(4096 * 64, 0x5a);
      fs.writeSync(fd, junk, 0, junk.length, 3 * 4096);
      fs.closeSync(fd);
    },
  ],
];

describe.each(DAMAGES)('a project database %s', (_what, damage) => {
  it('is reported as damaged, naming the file and what to do, exit 13 (item 12: was exit 1 "a bug in dgw", or "in use by another process")', async () => {
    damage(file);
    const damaged = fs.readFileSync(file);
    const r = await dgw(['--project', 'other', 'query', 'list', '--json']);
    expect(r.code, r.stderr).toBe(13);
    // With --json, stderr is the one error object (#16).
    const { error } = JSON.parse(r.stderr);
    expect(error).toMatchObject({ kind: 'local_fault', errorCode: 'DAMAGED_FILE' });
    expect(error.message).toMatch(/^the database of project other is damaged/);
    expect(error.message).toContain(file);
    expect(r.stderr).toMatch(/restore the file .* from a backup, or move both aside/);
    expect(error.message).toContain('`dgw --zone local project create other`');
    // Not taken for a lock held by another process (which is waited for, then said to be "open in another program").
    expect(r.stderr).not.toMatch(/a bug in dgw|unexpected failure|in use by another process|open in another program/);

    // Left as found: the damaged bytes can still be restored or salvaged.
    expect(fs.readFileSync(file).equals(damaged)).toBe(true);
    // Every other project works, with everything acknowledged.
    await expectAllPresent(dgw, kept);
    await expectAllPresent(dgw, await createQueries(dgw, 'after', 1));
  });
});

it('a damaged demo database stops only what reaches the demo project (item 12)', async () => {
  fs.writeFileSync(path.join(data, 'projects', 'demo.duckdb'), 'not a database');
  const r = await dgw(['query', 'list']);
  expect(r.code, r.stderr).toBe(13);
  expect(r.stderr).toContain(path.join(data, 'projects', 'demo.duckdb'));
  const other = await dgw(['--project', 'other', 'query', 'list', '-q']);
  expect(other.code, other.stderr).toBe(0);
  expect(other.stdout.trim().split('\n')).toHaveLength(3);
});

it('moving the damaged files aside, as the message says, starts the project afresh (item 12)', async () => {
  fs.truncateSync(file, 5000);
  expect((await dgw(['--project', 'other', 'query', 'list'])).code).toBe(13);
  fs.renameSync(file, `${file}.damaged`);
  // The project no longer exists: a change to it is not found until it is made again, as the message says.
  expect((await dgw(['--project', 'other', 'query', 'create', 'fresh0', '--sql', 'SELECT 1'])).code).toBe(4);
  const again = await dgw(['project', 'create', 'other', '-q']);
  expect(again.stdout, again.stderr).toBe('other\n');
  const made = await createQueries(dgw, 'fresh', 1, 'other');
  const list = await dgw(['--project', 'other', 'query', 'list', '-q']);
  expect(list.stdout.trim().split('\n')).toEqual([made[0].id]);
});
