import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// SQL saved in Latin-1 (`caf\xe9`) was decoded loosely: `query create --file` saved U+FFFD in place
// of the byte and `sql --file` ran it, where `plan`, `table import` and `dgw serve` refuse such bytes.

const tmp = tempDir('dgw-not-utf8-');
afterAll(() => tmp.remove());

const latin1 = Buffer.from("SELECT 'caf\xe9' AS v\n", 'latin1');
const file = join(tmp.dir, 'latin1.sql');
writeFileSync(file, latin1);
const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'data') };
const run = (args: string[], input?: Uint8Array) => runAsBinaryWould(['--zone', 'local', ...args], { env, input });

describe('SQL that is not UTF-8 is refused, naming where it came from', () => {
  it('query create --file is exit 2 naming the file and how to re-save it, and saves nothing', async () => {
    const r = await run(['query', 'create', 'latin q', '--file', file]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`error: --file: ${file} is not UTF-8 text: line 1 holds bytes that are not UTF-8\n`);
    expect(r.stderr).toContain('re-save it as UTF-8, e.g. iconv -f latin1 -t utf-8');
    expect(JSON.parse((await run(['query', 'list', '--json'])).stdout)).toEqual([]);
  });

  it('the hint quotes a path with a space, so it can be pasted into a shell', async () => {
    const spaced = join(tmp.dir, 'my reports', "bob's q.sql");
    mkdirSync(dirname(spaced), { recursive: true });
    writeFileSync(spaced, latin1);
    const r = await run(['query', 'create', 'latin q', '--file', spaced]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`iconv -f latin1 -t utf-8 '${spaced.replace("'", "'\\''")}' > 'utf8-bob'\\''s q.sql'`);
    // table import's hint too.
    const csv = join(tmp.dir, 'my reports', 'latin 1.csv');
    writeFileSync(csv, Buffer.from('name\ncaf\xe9\n', 'latin1'));
    const imported = await run(['table', 'import', 'latin', csv, '--create']);
    expect(imported.code, imported.stderr).toBe(2);
    expect(imported.stderr).toContain(`iconv -f latin1 -t utf-8 '${csv}' > utf8.csv`);
  });

  it('query create --file - is exit 2 naming stdin', async () => {
    const r = await run(['query', 'create', 'latin q', '--file', '-'], latin1);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('error: stdin is not UTF-8 text: line 1 holds bytes that are not UTF-8\n');
    expect(JSON.parse((await run(['query', 'list', '--json'])).stdout)).toEqual([]);
  });

  it('sql --file and sql from stdin are exit 2 and run nothing', async () => {
    const fromFile = await run(['sql', '--file', file]);
    expect(fromFile.code, fromFile.stderr).toBe(2);
    expect(fromFile.stdout).toBe('');
    expect(fromFile.stderr).toContain(`--file: ${file} is not UTF-8 text`);
    const fromStdin = await run(['sql'], latin1);
    expect(fromStdin.code, fromStdin.stderr).toBe(2);
    expect(fromStdin.stdout).toBe('');
    expect(fromStdin.stderr).toContain('stdin is not UTF-8 text');
  });

  it('the same SQL in UTF-8 is saved as written', async () => {
    const utf8 = join(tmp.dir, 'utf8.sql');
    writeFileSync(utf8, "SELECT 'café' AS v\n");
    const r = await run(['query', 'create', 'utf8 q', '--file', utf8, '--json', 'inputQuery']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).inputQuery).toBe("SELECT 'café' AS v");
  });
});
