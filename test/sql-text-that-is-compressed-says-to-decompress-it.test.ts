import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// SQL given as a gzip file (sql --file q.sql.gz) was refused as text that is not UTF-8, with a hint
// to convert it from Latin-1 with iconv, which cannot help. It is named for what it is, with the
// command that decompresses it, as table import already did for CSV.
const dir = tempDir('dgw-packed-sql-');
afterAll(() => dir.remove());
const env = { DGW_CONFIG_DIR: path.join(dir.dir, 'config'), DGW_LOCAL_DIR: path.join(dir.dir, 'gateway'), DGW_ZONE: 'local' };

describe('SQL read from a compressed file', () => {
  it('sql --file, query create --file and stdin: exit 2, saying to decompress it, never iconv', async () => {
    const file = path.join(dir.dir, 'q.sql.gz');
    fs.writeFileSync(file, gzipSync('SELECT 42 AS x;\n'));
    for (const args of [['sql', '--file', file], ['query', 'create', 'packed', '--file', file]]) {
      const r = await runAsBinaryWould(args, { env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`error: --file: ${file} is gzip-compressed, not UTF-8 text\n`);
      expect(r.stderr).toContain(`hint: decompress it first: gzip -dc ${file} > q.sql\n`);
      expect(r.stderr).not.toContain('iconv');
    }
    const piped = await runAsBinaryWould(['sql', '--file', '-'], { env, input: gzipSync('SELECT 1;\n') });
    expect([piped.code, piped.stderr]).toEqual([2, expect.stringContaining('stdin is gzip-compressed, not UTF-8 text\nhint: decompress it through gzip -dc\n')]);
    expect((await runAsBinaryWould(['query', 'list', '-q'], { env })).stdout).not.toContain('packed');
  });
});
