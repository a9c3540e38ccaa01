import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `query export -o FILE` writes what was asked (CSV unless --format jsonl, gzip with --gzip); a file
// name that says otherwise (out.jsonl holding CSV, out.gz holding text, out.parquet) gets a warning.
const tmp = tempDir('dgw-export-name-');
afterAll(() => tmp.remove());
const { run } = localCli(tmp.dir, 'spec');
const file = (name: string) => path.join(tmp.dir, name);
beforeAll(async () => {
  expect((await run('query', 'create', 'Orders', '--sql', 'SELECT * FROM svc.table.orders')).code).toBe(0);
});

describe('an export file named for another format', () => {
  it.each([
    ['out.jsonl', [], 'out.jsonl is named for JSON but holds CSV (add --format jsonl)'],
    ['out.ndjson.gz', ['--gzip'], 'out.ndjson.gz is named for JSON but holds CSV (add --format jsonl)'],
    ['out.csv', ['--format', 'jsonl'], 'out.csv is named for CSV but holds JSON lines (add --format csv)'],
    ['out.parquet', [], 'an export is CSV or JSON lines: out.parquet holds CSV'],
    ['text.gz', [], 'text.gz ends in .gz but holds uncompressed text (add --gzip to compress it)'],
    ['packed.csv', ['--gzip'], '--gzip writes gzip-compressed bytes to packed.csv, whose name does not end in .gz'],
  ])('%s %j: warned, and written as asked', async (name, flags, warning) => {
    const r = await run('query', 'export', 'orders', ...flags, '-o', file(name));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: ${warning.replace(name, file(name))}`);
    const bytes = fs.readFileSync(file(name));
    if (flags.includes('--gzip')) expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    else expect(bytes.toString('utf8').startsWith(flags.includes('jsonl') ? '{"order_id"' : 'order_id,')).toBe(true);
  });

  it.each([
    ['right.csv', []],
    ['right.jsonl', ['--format', 'jsonl']],
    ['right.csv.gz', ['--gzip']],
    ['right.txt', []],
  ])('%s %j: no warning', async (name, flags) => {
    const r = await run('query', 'export', 'orders', ...flags, '-o', file(name));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('warning');
  });
});
