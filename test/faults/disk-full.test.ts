import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe } from '../gateway/helpers.js';
import { tempDir } from '../support/dgw.js';
import { transferFolder } from '../support/transfer-folder.js';
import { createQueries, expectAllPresent, filesStartingWith, fillDisk, localDgw, mountTmpfs, runDgwWithoutFileWrites, tmpfsProblem, unmount, type Acknowledged } from '../support/local-faults.js';

// A full disk, twice: injected on every Linux machine (the project's WAL is a symlink to
// /dev/full, which fails every write with ENOSPC), and real, on a small tmpfs where this machine
// lets the tests mount one. Each asserts the message, the exit code (13, not 5's "conflicts with
// a concurrent one ... try again"), and that every create acknowledged before the fault is there
// after it.

const DISK_FULL = /error: the disk is full/;
const NOT_A_CONFLICT = /conflicts with a concurrent one|a bug in dgw/;

describe.skipIf(!fs.existsSync('/dev/full'))('a write error injected: the WAL is /dev/full', () => {
  const tmp = tempDir('dgw-devfull-');
  const data = path.join(tmp.dir, 'data');
  const dgw = localDgw(data, path.join(tmp.dir, 'config'));
  const wal = path.join(data, 'projects', 'demo.duckdb.wal');
  afterAll(() => tmp.remove());

  it('a create that cannot be written exits 13 saying the disk is full, and loses nothing acknowledged (item 11: was exit 5, "try again")', async () => {
    const acknowledged = await createQueries(dgw, 'before', 3);
    // The in-process gateway checkpoints on close, so no WAL is left to lose.
    expect(fs.existsSync(wal)).toBe(false);
    fs.symlinkSync('/dev/full', wal);

    const create = await dgw(['query', 'create', 'refused', '--sql', 'SELECT 0 AS n', '--json']);
    expect(create.code, create.stderr).toBe(13);
    // With --json, stderr is the one error object (#16).
    const { error } = JSON.parse(create.stderr);
    expect(error).toMatchObject({ kind: 'local_fault', errorCode: 'DISK_FULL' });
    expect(error.message).toMatch(/^the disk is full/);
    expect(error.message).toContain(path.join(data, 'projects', 'demo.duckdb'));
    expect(error.message).toMatch(/free some space on the disk holding/);
    expect(create.stderr).not.toMatch(NOT_A_CONFLICT);

    const folder = await dgw(['folder', 'create', '/refused']);
    expect(folder.code, folder.stderr).toBe(13);
    expect(folder.stderr).toMatch(DISK_FULL);

    fs.unlinkSync(wal);
    await expectAllPresent(dgw, acknowledged);
    expect((await dgw(['query', 'get', 'refused'])).code).toBe(4);
    await expectAllPresent(dgw, await createQueries(dgw, 'after', 1));
  });

  it('an import whose upload fitted but whose rows cannot be committed: exit 13 saying the disk is full (was exit 6, "the import was refused"), the table as before, no upload left (issue #9)', async () => {
    expect((await dgw(['sql', "CREATE TABLE svc.table.landing AS SELECT 1 AS a, 'one' AS b"])).code).toBe(0);
    const csv = path.join(tmp.dir, 'rows.csv');
    fs.writeFileSync(csv, `a,b\n${Array.from({ length: 50_000 }, (_, i) => `${i},row ${i}`).join('\n')}\n`);
    fs.symlinkSync('/dev/full', wal);
    try {
      const r = await dgw(['table', 'import', 'landing', csv]);
      expect(r.code, r.stderr).toBe(13);
      expect(r.stderr).toMatch(DISK_FULL);
      expect(r.stderr).toContain(path.join(data, 'projects', 'demo.duckdb'));
      expect(r.stderr).not.toMatch(/was refused/);
    } finally {
      fs.unlinkSync(wal);
    }
    expect((await dgw(['sql', 'SELECT count(*) FROM svc.table.landing'])).stdout).toBe('1\n');
    expect(fs.readdirSync(path.join(transferFolder(data), 'uploads'))).toEqual([]);
  });
});

describe('a write error injected on every file: no file may grow (ulimit -f 0)', () => {
  const tmp = tempDir('dgw-nofsize-');
  const data = path.join(tmp.dir, 'data');
  const config = path.join(tmp.dir, 'config');
  const dgw = localDgw(data, config);
  afterAll(() => tmp.remove());

  it('the lock file that cannot be written: exit 13 naming it, and no gateway.lock.<pid>.<rand> left behind (item 20: one was left at each try)', async () => {
    const acknowledged = await createQueries(dgw, 'before', 2);
    for (let i = 0; i < 3; i++) {
      const r = await runDgwWithoutFileWrites(['query', 'list'], { DGW_ZONE: 'local', DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: config });
      expect(r.code, r.stderr).toBe(13);
      expect(r.stderr).toContain(`error: cannot write ${path.join(data, 'gateway.lock')}: the file size limit of this process is reached (EFBIG)`);
      expect(r.stderr).not.toMatch(NOT_A_CONFLICT);
    }
    expect(filesStartingWith(data, 'gateway.lock')).toEqual([]);
    await expectAllPresent(dgw, acknowledged);
  });

  it('config set that cannot write the settings lock: exit 13 naming it, no empty config.json.lock left, and the next config set works at once (was: every later config set waited 10 s and exited 12, "held by another dgw (pid NaN)")', async () => {
    const env = { DGW_ZONE: 'local', DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: config };
    expect((await dgw(['config', 'set', 'output', 'tsv'])).code).toBe(0);
    const r = await runDgwWithoutFileWrites(['config', 'set', 'output', 'json'], env);
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain(`error: cannot write ${path.join(config, 'config.json.lock')}: the file size limit of this process is reached (EFBIG)`);
    expect(filesStartingWith(config, 'config.json.lock')).toEqual([]);
    // A lock left behind would be waited for and then refused (exit 12): exit 0 is the proof.
    const again = await dgw(['config', 'set', 'output', 'yaml']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('pull that cannot write a query file: exit 13 naming the file (was exit 14, "cannot write ...: EFBIG: file too large", a usage error), no temporary file left', async () => {
    const dir = path.join(tmp.dir, 'pulled');
    expect((await dgw(['query', 'create', 'pulled', '--sql', 'SELECT 1 AS n'])).code).toBe(0);
    // Served, so only pull's own files meet the limit (an in-process gateway's lock would first).
    const server = await spawnServe(data, config);
    let r;
    try {
      r = await runDgwWithoutFileWrites(['pull', '--dir', dir, '--format', 'table'], { DGW_ZONE: 'local', DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: config });
    } finally {
      await server.stop('SIGINT');
    }
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toMatch(new RegExp(`^error: cannot write ${path.join(dir, '')}\\S+\\.sql: the file size limit of this process is reached \\(EFBIG\\)`));
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('an empty config.json.lock (left by a dgw before this fix) is stale, not "held by another dgw (pid NaN)"', async () => {
    fs.writeFileSync(path.join(config, 'config.json.lock'), '');
    const r = await dgw(['config', 'set', 'output', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(filesStartingWith(config, 'config.json.lock')).toEqual([]);
  });
});

// Tried while the tests are collected, so a machine that cannot mount says why in the test name.
const cannotMount = tmpfsProblem();

describe.skipIf(cannotMount !== undefined)(`a real full disk, a 16 MiB tmpfs${cannotMount ? ` (skipped: ${cannotMount})` : ''}`, () => {
  // Made in beforeAll: a skipped suite's body still runs, and must leave nothing behind.
  let mountPoint: string;

  /**
   * Both export scenarios: a 200,000-row query exported while the disk has 256 KiB left, by the
   * in-process gateway and then by `serve()`'s, each answer checked; then again with room, whole.
   */
  async function exportOntoFullDisk(dgw: ReturnType<typeof localDgw>, serve: () => ReturnType<typeof spawnServe>, out: string, check: (r: Awaited<ReturnType<ReturnType<typeof localDgw>>>) => Promise<void>): Promise<void> {
    expect((await dgw(['sql', "CREATE TABLE svc.table.many AS SELECT i AS id, 'row ' || i AS label FROM range(200000) t(i)"])).code).toBe(0);
    expect((await dgw(['query', 'create', 'Many', '--sql', 'SELECT * FROM svc.table.many'])).code).toBe(0);
    const filler = fillDisk(mountPoint);
    fs.truncateSync(filler, fs.statSync(filler).size - 256 * 1024);
    await check(await dgw(['query', 'export', 'many', '-o', out]));
    const server = await serve();
    try {
      await check(await dgw(['query', 'export', 'many', '-o', out]));
    } finally {
      await server.stop('SIGINT');
    }
    fs.rmSync(filler);
    const r = await dgw(['query', 'export', 'many', '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8').split('\n')).toHaveLength(200_002);
  }
  let config: string;
  beforeAll(() => {
    mountPoint = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'dgw-tmpfs-'));
    config = path.join(mountPoint, 'config');
    const problem = mountTmpfs(mountPoint, '16m');
    if (problem) throw new Error(problem);
  });
  afterAll(() => {
    unmount(mountPoint);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  /** Creates queries until one fails; returns those acknowledged and the failure. */
  async function createUntilRefused(dgw: ReturnType<typeof localDgw>, prefix: string) {
    const acknowledged: Acknowledged[] = [];
    for (let i = 1; i <= 300; i++) {
      const r = await dgw(['query', 'create', `${prefix}${i}`, '--sql', `SELECT ${i} AS n, '${'x'.repeat(50_000)}' AS pad`, '-q']);
      if (r.code !== 0) return { acknowledged, refused: r };
      acknowledged.push({ id: r.stdout.trim(), name: `${prefix}${i}`, project: 'demo' });
    }
    throw new Error('300 creates fitted on a full disk');
  }

  it('in-process: the create that no longer fits exits 13 naming the database, the lock that cannot be written exits 13 and leaves no gateway.lock.<pid>.<rand> behind (items 11, 20)', async () => {
    const data = path.join(mountPoint, 'in-process');
    const dgw = localDgw(data, config);
    const before = await createQueries(dgw, 'before', 2);
    const filler = fillDisk(mountPoint);
    // A few pages back, so the lock file can be written and the database is what runs out.
    fs.truncateSync(filler, fs.statSync(filler).size - 16 * 1024);

    const { acknowledged, refused } = await createUntilRefused(dgw, 'fill');
    expect(refused.code, refused.stderr).toBe(13);
    expect(refused.stderr).toMatch(DISK_FULL);
    expect(refused.stderr).toContain(path.join(data, 'projects', 'demo.duckdb'));
    expect(refused.stderr).not.toMatch(NOT_A_CONFLICT);

    // Not one byte left: the lock file itself cannot be written.
    fillDisk(mountPoint);
    const locked = await dgw(['query', 'list']);
    expect(locked.code, locked.stderr).toBe(13);
    expect(locked.stderr).toMatch(DISK_FULL);
    expect(locked.stderr).toContain(path.join(data, 'gateway.lock'));
    expect(filesStartingWith(data, 'gateway.lock')).toEqual([]);

    fs.rmSync(path.join(mountPoint, 'filler'));
    await expectAllPresent(dgw, [...before, ...acknowledged]);
    await expectAllPresent(dgw, await createQueries(dgw, 'after', 1));
  });

  it('an import whose upload no longer fits: exit 13 saying the disk is full, in-process and served; the table as before, no upload left behind (issue #9)', async () => {
    // The CSV itself is on another disk; only its upload into the data folder meets the full one.
    const outside = tempDir('dgw-full-import-');
    const csv = path.join(outside.dir, 'rows.csv');
    fs.writeFileSync(csv, `a,b\n${Array.from({ length: 100_000 }, (_, i) => `${i},row ${i}`).join('\n')}\n`);
    const check = async (data: string, dgw: ReturnType<typeof localDgw>) => {
      const r = await dgw(['table', 'import', 'fulltable', csv]);
      expect(r.code, r.stderr).toBe(13);
      expect(r.stderr).toMatch(DISK_FULL);
      expect(r.stderr).not.toMatch(NOT_A_CONFLICT);
      fs.rmSync(path.join(mountPoint, 'filler'));
      const count = await dgw(['sql', 'SELECT count(*) AS n FROM svc.table.fulltable']);
      expect(count.stdout, count.stderr).toBe('1\n');
      expect(fs.readdirSync(path.join(transferFolder(data), 'uploads'))).toEqual([]);
    };
    try {
      const inProcess = path.join(mountPoint, 'import-in-process');
      const dgw = localDgw(inProcess, config);
      await createQueries(dgw, 'before', 1);
      expect((await dgw(['sql', "CREATE TABLE svc.table.fulltable AS SELECT 1 AS a, 'one' AS b"])).code).toBe(0);
      fillDisk(mountPoint);
      // A few pages back, so the lock file can be written and the upload is what runs out.
      fs.truncateSync(path.join(mountPoint, 'filler'), fs.statSync(path.join(mountPoint, 'filler')).size - 64 * 1024);
      await check(inProcess, dgw);

      const served = path.join(mountPoint, 'import-served');
      const server = await spawnServe(served, config);
      try {
        const client = localDgw(served, config);
        expect((await client(['sql', "CREATE TABLE svc.table.fulltable AS SELECT 1 AS a, 'one' AS b"])).code).toBe(0);
        fillDisk(mountPoint);
        await check(served, client);
      } finally {
        fs.rmSync(path.join(mountPoint, 'filler'), { force: true });
        await server.stop('SIGINT');
      }
    } finally {
      fs.rmSync(path.join(mountPoint, 'filler'), { force: true });
      outside.remove();
    }
  });

  it('an export whose file no longer fits under -o: exit 13 naming it, in-process (copied by the kernel) and served (streamed); nothing left under -o (issue #9)', async () => {
    // The data folder is on another disk; only the file under -o meets the full one.
    const outside = tempDir('dgw-full-export-');
    const dgw = localDgw(path.join(outside.dir, 'data'), path.join(outside.dir, 'config'));
    const folder = path.join(mountPoint, 'exports');
    fs.mkdirSync(folder);
    const out = path.join(folder, 'rows.csv');
    const check = async (r: Awaited<ReturnType<typeof dgw>>) => {
      expect(r.code, r.stderr).toBe(13);
      expect(r.stderr).toMatch(DISK_FULL);
      expect(r.stderr).toContain(out);
      expect(fs.readdirSync(folder)).toEqual([]);
    };
    try {
      // Room for the file's start: the copy runs out midway.
      await exportOntoFullDisk(dgw, () => spawnServe(path.join(outside.dir, 'data'), path.join(outside.dir, 'config')), out, check);
    } finally {
      fs.rmSync(path.join(mountPoint, 'filler'), { force: true });
      fs.rmSync(folder, { recursive: true, force: true });
      outside.remove();
    }
  });

  it('an export the local gateway cannot write into its data folder: exit 13 naming the disk and the folder, in-process and served (was exit 10, "the export failed"); the job FAILED with DISK_FULL, no part left (issue #9)', async () => {
    const data = path.join(mountPoint, 'export-data');
    const dgw = localDgw(data, config);
    // The file under -o is on another disk: only the gateway's own COPY meets the full one.
    const outside = tempDir('dgw-full-gateway-export-');
    const out = path.join(outside.dir, 'rows.csv');
    const exports = path.join(data, 'transfer', 'demo', 'exports');
    const check = async (r: Awaited<ReturnType<typeof dgw>>) => {
      expect(r.code, r.stderr).toBe(13);
      expect(r.stderr).toMatch(DISK_FULL);
      expect(r.stderr).toContain(exports);
      expect(r.stderr).not.toMatch(/export \S+ failed/);
      expect(fs.existsSync(out)).toBe(false);
      const [job] = JSON.parse((await dgw(['export', 'list', '--json'])).stdout) as Array<{ id: string; status: string; error: string; errorCode: string }>;
      expect([job.status, job.errorCode]).toEqual(['FAILED', 'DISK_FULL']);
      // Read again later, the job is the same fault.
      const get = await dgw(['export', 'get', job.id, '-o', out]);
      expect([get.code, get.stderr]).toEqual([13, expect.stringMatching(DISK_FULL)]);
      expect(job.error).toMatch(/^the disk is full/);
      expect(fs.readdirSync(path.join(transferFolder(data), 'exports', job.id))).toEqual(['job.json']);
    };
    try {
      // Room for the lock file, the job's record and the file's start: the COPY runs out midway.
      await exportOntoFullDisk(dgw, () => spawnServe(data, config), out, check);
      // JSON Lines, written by the gateway's own writer where CSV is DuckDB's COPY: the same fault.
      fs.rmSync(out);
      const filler = fillDisk(mountPoint);
      fs.truncateSync(filler, fs.statSync(filler).size - 256 * 1024);
      await check(await dgw(['query', 'export', 'many', '--format', 'jsonl', '-o', out]));
    } finally {
      fs.rmSync(path.join(mountPoint, 'filler'), { force: true });
      outside.remove();
    }
  });

  it('served, on a full disk: dgw sql --format csv still prints every row, the same bytes (a named pipe keeps nothing on disk)', async () => {
    const data = path.join(mountPoint, 'served-csv');
    const server = await spawnServe(data, config);
    const select = "SELECT i AS n, i / 8 AS eighth, 'a,' || i AS t FROM range(20000) t(i)";
    try {
      const dgw = localDgw(data, config);
      const withRoom = await dgw(['sql', select, '--format', 'csv']);
      expect(withRoom.code, withRoom.stderr).toBe(0);
      // The pipes' folder is made again on the full disk.
      fs.rmSync(path.join(transferFolder(data), 'streams'), { recursive: true, force: true });
      fillDisk(mountPoint);
      const full = await dgw(['sql', select, '--format', 'csv']);
      expect(full.code, full.stderr).toBe(0);
      expect(full.stdout).toBe(withRoom.stdout);
    } finally {
      fs.rmSync(path.join(mountPoint, 'filler'), { force: true });
      await server.stop('SIGINT');
    }
  });

  it('served: the create that no longer fits exits 13 (the gateway answers 507 DISK_FULL), and the server keeps every acknowledged create', async () => {
    const data = path.join(mountPoint, 'served');
    const server = await spawnServe(data, config);
    try {
      const dgw = localDgw(data, config);
      const before = await createQueries(dgw, 'before', 2);
      fillDisk(mountPoint);
      const { acknowledged, refused } = await createUntilRefused(dgw, 'fill');
      expect(refused.code, refused.stderr).toBe(13);
      expect(refused.stderr).toMatch(DISK_FULL);
      expect(refused.stderr).toContain(path.join(data, 'projects', 'demo.duckdb'));
      expect(refused.stderr).not.toMatch(NOT_A_CONFLICT);
      const raw = await server.call('POST', '/data/projects/demo/queries', { displayName: 'raw', inputQuery: `SELECT 0 AS n, '${'x'.repeat(4000)}' AS pad` });
      expect(raw.status).toBe(507);
      expect(raw.body.errorCode).toBe('DISK_FULL');

      fs.rmSync(path.join(mountPoint, 'filler'));
      await expectAllPresent(dgw, [...before, ...acknowledged]);
      await expectAllPresent(dgw, await createQueries(dgw, 'after', 1));
    } finally {
      fs.rmSync(path.join(mountPoint, 'filler'), { force: true });
      await server.stop('SIGINT');
    }
  });
});
