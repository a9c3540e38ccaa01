import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMemoryLimitBytes } from '../../src/gateway/limits.js';
import { runDgw, tempDir } from '../support/dgw.js';
import { openGateway, P, spawnServe } from './helpers.js';

// Each project's DuckDB works within a memory limit: `dgw serve --memory-limit` or
// DGW_LOCAL_MEMORY_LIMIT, by default a quarter of the machine's memory. A statement that needs
// more is stopped with 400 MEMORY_LIMIT (the CLI exits 6) and the project goes on; work that can
// spill to disk spills next to the project's file, never into the folder dgw was started from.

/** A list of 30,000,000 integers built in memory: about 240 MB, which DuckDB cannot spill. */
const NEEDS_MEMORY = 'SELECT len(list(i)) AS n FROM range(30000000) t(i)';
/** A DISTINCT of 5,000,000 strings: more than 64 MB, but DuckDB can spill it. */
const SPILLS = "SELECT count(*) AS n FROM (SELECT DISTINCT i::VARCHAR || 'x' FROM range(5000000) t(i))";

const tmp = tempDir('dgw-memory-limit-');
afterAll(() => tmp.remove());

describe('dgw serve --memory-limit 64MB', () => {
  it('stops a statement that needs more: 400 MEMORY_LIMIT, and the project goes on', async () => {
    const server = await spawnServe(join(tmp.dir, 'served'), join(tmp.dir, 'config'), ['--memory-limit', '64MB']);
    try {
      const r = await server.call('POST', `${P}/queries/execute`, { statement: NEEDS_MEMORY });
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('MEMORY_LIMIT');
      expect(r.body.message).toMatch(/limit of 64 MB per project.*Out of Memory Error.*--memory-limit.*DGW_LOCAL_MEMORY_LIMIT/);
      const made = await server.call('POST', `${P}/queries`, { displayName: 'Too big to build', queryType: 'MATERIALIZED', inputQuery: NEEDS_MEMORY });
      expect(made.body.errorCode).toBe('MEMORY_LIMIT');
      expect((await server.call('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT count(*) FROM svc.table.orders' })).body.data).toEqual([['60']]);
    } finally {
      await server.stop();
    }
  });

  it.each([['1MB', /less than the least DuckDB works with, 32 MiB/], ['lots', /is not a size/], ['64', /is not a size/]])('--memory-limit %s is a usage error', async (value, message) => {
    const r = await runDgw(['serve', '--port', '0', '--data-dir', join(tmp.dir, 'never'), '--memory-limit', value], { env: { DGW_CONFIG_DIR: join(tmp.dir, 'config') } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('DGW_LOCAL_MEMORY_LIMIT, in-process', () => {
  const env = (limit?: string) => ({ DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'in-process'), DGW_ZONE: 'local', DGW_LOCAL_MEMORY_LIMIT: limit });

  it('64MB: dgw sql exits 6 with the reason', async () => {
    const r = await runDgw(['sql', NEEDS_MEMORY, '--timeout', '10m'], { env: env('64MB') });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/needed more memory than the local gateway's limit of 64 MB per project/);
  });

  it('64MB: work that can spill to disk finishes, spilling next to the project file, not where dgw was started', async () => {
    const cwd = join(tmp.dir, 'started-here');
    mkdirSync(cwd);
    const r = await runDgw(['sql', SPILLS, '--json', '--timeout', '10m'], { env: { ...env('64MB'), DGW_LOCAL_DIR: join(tmp.dir, 'spills') }, cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ n: '5000000' }]); // count(*) is a BIGINT: a string
    expect(readdirSync(cwd)).toEqual([]);
    expect(existsSync(join(tmp.dir, 'spills', 'projects'))).toBe(true);
  });

  it('unset: the default leaves room for it', async () => {
    const r = await runDgw(['sql', NEEDS_MEMORY, '--json', '--timeout', '10m'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ n: '30000000' }]); // len() is a BIGINT: a string
  });

  it('a value that is no size is a usage error naming the variable', async () => {
    const r = await runDgw(['sql', 'SELECT 1'], { env: env('a lot') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/DGW_LOCAL_MEMORY_LIMIT: "a lot" is not a size/);
  });
});

describe('the default', () => {
  it('is a quarter of the machine, and what a project gets when nothing is set', async () => {
    expect(defaultMemoryLimitBytes(16 * 1024 ** 3)).toBe(4 * 1024 ** 3);
    expect(defaultMemoryLimitBytes(64 * 1024 ** 2)).toBe(32 * 1024 ** 2);
    const g = await openGateway();
    try {
      const project = await g.gateway.project('demo', { create: false });
      const value = await project.withConnection(async (c) => (await c.runAndReadAll("SELECT value FROM duckdb_settings() WHERE name = 'memory_limit'")).getRows()[0][0]);
      const gib = defaultMemoryLimitBytes() / 1024 ** 3;
      // DuckDB prints the limit rounded, in its own units.
      expect(String(value)).toMatch(new RegExp(`^${Math.floor(gib)}\\.\\d GiB$|^\\d+(\\.\\d)? MiB$`));
    } finally {
      await g.close();
    }
  });
});
