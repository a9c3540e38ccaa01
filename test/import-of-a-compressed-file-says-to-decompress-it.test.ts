import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// A gzip file (or a ZIP, such as an .xlsx) given to table import was refused as text that is not
// UTF-8, with a hint to convert it from Latin-1 with iconv, which cannot help. It is named for what
// it is, with the command that imports it, and nothing is sent.
const dir = tempDir('dgw-packed-');
afterAll(() => dir.remove());
const env = { DGW_CONFIG_DIR: path.join(dir.dir, 'config'), DGW_LOCAL_DIR: path.join(dir.dir, 'gateway'), DGW_ZONE: 'local' };
const csv = 'id,name\n1,a\n2,b\n';

describe('table import of a compressed file', () => {
  it('a gzip file or stdin: exit 2, saying to decompress it on the way in', async () => {
    const file = path.join(dir.dir, 'orders.csv.gz');
    fs.writeFileSync(file, gzipSync(csv));
    const r = await runAsBinaryWould(['table', 'import', 'packed', file, '--create'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${file} is gzip-compressed; import takes CSV text\n`);
    expect(r.stderr).toContain(`hint: decompress it on the way in, with the same options: gzip -dc ${file} | dgw table import packed -\n`);
    expect(r.stderr).not.toContain('iconv');
    const piped = await runAsBinaryWould(['table', 'import', 'packed', '-', '--create'], { env, input: gzipSync(csv) });
    expect([piped.code, piped.stderr]).toEqual([2, expect.stringContaining('error: stdin is gzip-compressed; import takes CSV text')]);
    expect((await runAsBinaryWould(['table', 'list', '-q'], { env })).stdout.split('\n')).not.toContain('packed');
  });

  it('a ZIP archive (an .xlsx workbook): exit 2, saying to save the sheet as CSV', async () => {
    const file = path.join(dir.dir, 'orders.xlsx');
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), Buffer.from([0xff, 0xfe, 0x9c, 0x80])]));
    const r = await runAsBinaryWould(['table', 'import', 'packed', file, '--create'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${file} is a ZIP archive (an .xlsx workbook is one), not CSV text\n`);
    expect(r.stderr).toContain('hint: save the sheet as CSV (UTF-8)');
  });
});
