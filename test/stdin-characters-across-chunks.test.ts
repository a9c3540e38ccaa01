import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readAll } from '../src/output/io.js';
import { runDgw } from './support/dgw.js';

// A pipe hands stdin over in chunks of 64 KiB, which cut through a character of two to four bytes.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-stdin-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('stdin is read as one UTF-8 text, whatever its chunks', () => {
  it('decodes characters whose bytes two chunks split, and keeps a byte order mark', async () => {
    const text = '\uFEFFSELECT \'é€😀\' AS x';
    const bytes = Buffer.from(text);
    // Every byte its own chunk: each character of several bytes is split.
    expect(await readAll(Readable.from([...bytes].map((b) => Buffer.from([b]))))).toBe(text);
  });

  it('a query saved from a 210 KB pipe of SQL holds every character it was sent', async () => {
    const sql = `SELECT length('${'€'.repeat(70_000)}') AS n`;
    const env = { DGW_CONFIG_DIR: path.join(dir, 'config'), DGW_LOCAL_DIR: path.join(dir, 'data') };
    const ran = await runDgw(['--zone', 'local', 'sql'], { env, input: sql });
    expect(ran.stderr).toBe('');
    expect(ran.stdout.trim()).toBe('70000');
    const created = await runDgw(['--zone', 'local', 'query', 'create', 'Big', '--file', '-', '--json', 'inputQuery'], { env, input: sql });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).inputQuery).toBe(sql);
  });
});
