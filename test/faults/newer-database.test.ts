import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/dgw.js';
import { createQueries, localDgw } from '../support/local-faults.js';
import { spawnServe } from '../gateway/helpers.js';

// A project database whose metadata a later dgw wrote (a higher schema version) is left exactly as
// it is, byte for byte, and said so: exit 13 naming the file and the versions. Before, this dgw
// prepared it again and recorded its own, older version over the later one's. It said "(HTTP 500)"
// too, of a request no network carried.

const tmp = tempDir('dgw-newer-db-');
afterAll(() => tmp.remove());

/** Marks the project's metadata as written by schema version `version`, as a later dgw would. */
async function stampVersion(file: string, version: string): Promise<void> {
  const engine = await DuckDBInstance.create(':memory:');
  const conn = await engine.connect();
  await conn.run(`ATTACH '${file.replaceAll("'", "''")}' AS svc`);
  await conn.run(`UPDATE svc._dgw.settings SET value = '${version}' WHERE key = 'schema_version'`);
  await conn.run('DETACH svc');
  conn.closeSync();
  engine.closeSync();
}

describe('a project database a later dgw wrote', () => {
  const data = path.join(tmp.dir, 'data');
  const config = path.join(tmp.dir, 'config');
  const dgw = localDgw(data, config);
  const file = path.join(data, 'projects', 'demo.duckdb');

  it('is refused in-process, exit 13, naming the file and both versions, and left byte for byte', async () => {
    await createQueries(dgw, 'kept', 2);
    await stampVersion(file, '999');
    const before = fs.readFileSync(file);
    for (const args of [['query', 'list'], ['query', 'create', 'Another', '--sql', 'SELECT 1 AS one']]) {
      const r = await dgw(args);
      expect(r.code, r.stderr).toBe(13);
      expect(r.stderr).toContain(`the database of project demo, ${file}, was written by a later dgw`);
      expect(r.stderr).toMatch(/version 999; this dgw knows version \d+ at most\) and is left as it is; run the dgw that wrote it, or a later one\n/);
      // No HTTP is involved in-process: the status of the gateway's answer is no part of the message.
      expect(r.stderr).not.toContain('HTTP');
    }
    const json = await dgw(['query', 'list', '--json']);
    expect(JSON.parse(json.stderr).error).toMatchObject({ kind: 'local_fault', errorCode: 'NEWER_FILE' });
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.existsSync(`${file}.wal`)).toBe(false);
  });

  it('is refused by dgw serve too (500 DATABASE_NEWER): the command through it exits 13', async () => {
    const served = await spawnServe(data, config);
    try {
      const r = await dgw(['query', 'list']);
      expect(r.code, r.stderr).toBe(13);
      expect(r.stderr).toContain('was written by a later dgw');
      expect(r.stderr).not.toContain('HTTP 500');
    } finally {
      await served.stop();
    }
  });

  it('a version that is no number is prepared again, as a missing one is, and the queries are kept', async () => {
    await stampVersion(file, 'garbage');
    const r = await dgw(['query', 'list', '--json', 'name']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ name: string }>).map((q) => q.name).filter((n) => n.startsWith('kept'))).toHaveLength(2);
  });
});
