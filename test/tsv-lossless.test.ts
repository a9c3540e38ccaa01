import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { RecordingServer } from './support/recording-server.js';
import { KEY, queryJson } from './support/stand-in.js';

// TSV, the output of every command in a pipe, is lossless: PostgreSQL's text-format escaping
// (\\ \t \n \r inside a field, \N for NULL), one row per line, `--header` for the column names.

const tmp = tempDir('dgw-tsv-');
afterAll(() => tmp.remove());
const local = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: `${tmp.dir}/config`, DGW_LOCAL_DIR: `${tmp.dir}/data` } });

describe('dgw sql in a pipe', () => {
  const SQL = String.raw`SELECT 'a' || chr(9) || 'b' AS tab, 'line1' || chr(10) || 'line2' AS nl, 'cr' || chr(13) AS cr,
    'back\slash' AS bs, '\N' AS literal_backslash_n, NULL AS nothing, '' AS empty, 42 AS n`;

  it('escapes tab, newline, carriage return and backslash; NULL is \\N, the empty string an empty field', async () => {
    const r = await local('sql', SQL);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(String.raw`a\tb	line1\nline2	cr\r	back\\slash	\\N	\N		42` + '\n');
  });

  it('reads back to exactly the values the JSON output holds', async () => {
    const [tsv, json] = await Promise.all([local('sql', SQL), local('sql', SQL, '--json')]);
    const row = JSON.parse(json.stdout)[0] as Record<string, unknown>;
    const fields = tsv.stdout.replace(/\n$/, '').split('\t').map(unescape);
    expect(fields).toEqual(Object.values(row).map((v) => (v === null ? null : String(v))));
  });

  it('--header prints the column names first, escaped the same way', async () => {
    const r = await local('--header', 'sql', `SELECT 1 AS "a b", 2 AS "tab${'\\t'}name", NULL AS "z"`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('a b\ttab\\\\tname\tz\n1\t2\t\\N\n');
  });

  it('a NUL character is written as itself (the README says so), and a line stays one line', async () => {
    const r = await local('sql', "SELECT 'a' || chr(0) || 'b' AS nul, chr(13) || chr(10) AS crlf");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('a\u0000b\t\\r\\n\n');
  });

  it('--header is ignored on a terminal-less --json run', async () => {
    const r = await local('--header', 'sql', 'SELECT 1 AS a', '--json');
    expect(JSON.parse(r.stdout)).toEqual([{ a: 1 }]);
  });
});

describe('metadata commands go through the same writer', () => {
  const server = new RecordingServer();
  beforeAll(() => server.start());
  afterAll(() => server.close());
  const hosted = (args: string[]) => runAsBinaryWould(args, { env: { DGW_CONFIG_DIR: `${tmp.dir}/config`, DGW_BASE_URL: server.baseUrl, DGW_API_KEY: KEY, DGW_PROJECT: 'p' } });

  it('query get: multi-line SQL stays on one line, escaped', async () => {
    server.on('GET', /\/queries\/3f2b8c1e/, { json: queryJson({ inputQuery: 'SELECT a,\n\tb\r\nFROM t -- a \\ b' }) });
    const r = await hosted(['query', 'get', '3f2b8c1e-0000-4000-8000-000000000001']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('INPUT QUERY\tSELECT a,\\n\\tb\\r\\nFROM t -- a \\\\ b\n');
    expect(r.stdout).toContain('FOLDER ID\t\\N\n');
  });

  it('query list --header: names first; a tab in a display name does not make a column', async () => {
    server.on('GET', /\/queries$/, { json: [queryJson({ displayName: 'Odd\tName' })] });
    const r = await hosted(['--header', 'query', 'list']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.replace(/\n$/, '').split('\n');
    expect(lines[0]).toBe('ID\tNAME\tDISPLAY NAME\tQUERY TYPE\tPATH\tSCHEDULE');
    expect(lines[1].split('\t')).toHaveLength(6);
    expect(lines[1].split('\t')[2]).toBe('Odd\\tName');
  });
});

/** PostgreSQL text format, read back (written here again so this file tests dgw, not itself). */
function unescape(field: string): string | null {
  if (field === '\\N') return null;
  return field.replace(/\\(.)/g, (_m, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c] ?? c);
}
