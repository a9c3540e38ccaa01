import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `query export --format jsonl` names the exported file's format. It also made dgw's own messages
// JSON, as `--format jsonl` does for other commands: the success line vanished, a warning and an
// error came as JSON objects on stderr, while `--format csv` gave words.

const tmp = tempDir('dgw-export-format-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

describe('query export --format', () => {
  it('jsonl writes a JSON Lines file and leaves dgw\'s own messages in words, as csv does', async () => {
    expect((await dgw('query', 'create', 'Two', '--sql', 'SELECT 1 AS a UNION ALL SELECT 2')).code).toBe(0);
    const file = path.join(tmp.dir, 'two.jsonl');
    const r = await dgw('query', 'export', 'two', '--format', 'jsonl', '--gzip', '-o', file);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^warning: --gzip writes gzip-compressed bytes to .*two\.jsonl, whose name does not end in \.gz$/m);
    expect(r.stderr).toMatch(/^✓ exported two: 2 rows, \d+ bytes to /m);
    const missing = await dgw('query', 'export', 'nosuch', '--format', 'jsonl', '-o', file);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/^error: no query named "nosuch"/);
  });

  it('jsonl leaves a command-line mistake (a missing argument, an unknown option) in words, as its other errors', async () => {
    for (const [argv, hint] of [
      [['query', 'export', '--format', 'jsonl'], 'dgw query export takes QUERY: see `dgw query export --help`'],
      [['query', 'export', 'two', '--format', 'jsonl', '--bogus'], 'see `dgw query export --help`'],
    ] as const) {
      const r = await dgw(...argv);
      const [said, ...rest] = r.stderr.split('\n');
      expect([r.code, said.startsWith('error: '), rest], argv.join(' ')).toEqual([2, true, [`hint: ${hint}`, '']]);
    }
  });

  it('with --json, prints the export job as JSON and writes the file in the format asked', async () => {
    const file = path.join(tmp.dir, 'two-again.jsonl');
    const r = await dgw('query', 'export', 'two', '--format', 'jsonl', '--json', 'format,rowCount', '-o', file);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ format: 'JSONL', rowCount: 2 });
    expect(fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([{ a: 1 }, { a: 2 }]);
    expect((await dgw('query', 'export', 'two', '--format', 'yaml', '-o', file)).stderr).toContain('--format yaml: an export is csv or jsonl');
    // `dgw sql`'s row shapes were refused with a list of dgw's output formats, not of an export's.
    const simple = await dgw('query', 'export', 'two', '--format', 'simple', '-o', file);
    expect(simple.code).toBe(2);
    expect(simple.stderr).toMatch(/^error: --format simple: an export is csv or jsonl$/m);
  });

  it('export get -o of a gzip export to a name without .gz warns, as query export --gzip does', async () => {
    const job = JSON.parse((await dgw('query', 'export', 'two', '--gzip', '--no-wait', '--json', 'id')).stdout) as { id: string };
    const r = await dgw('export', 'get', job.id, '-o', path.join(tmp.dir, 'g.csv'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^warning: export \S+ is gzip-compressed: its bytes go to .*g\.csv, whose name does not end in \.gz$/m);
    expect((await dgw('export', 'get', job.id, '-o', path.join(tmp.dir, 'g.csv.gz'))).stderr).not.toContain('warning');
  });
});
