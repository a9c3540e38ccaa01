import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A refused line of a file with CRLF line ends is shown as it is in the file: DuckDB's copy of it
// starts with the line break before it, which the message showed as "(the line: — x,b)".

const tmp = tempDir('dgw-import-crlf-refusal-');
afterAll(() => tmp.remove());

describe('an import refused at a line of a CRLF file', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('names the line and shows it without a line break before it', async () => {
    await dgw('table', 'create', 'people', '--column', 'id:BIGINT', '--column', 'name:VARCHAR');
    const file = join(tmp.dir, 'crlf.csv');
    writeFileSync(file, 'id,name\r\n1,a\r\nx,b\r\n');
    const r = await run('table', 'import', 'people', file);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('line 3: "x" in column "id" is not a BIGINT (the line: x,b)');
  });
});
