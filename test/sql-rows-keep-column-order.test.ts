import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A JavaScript object puts integer-like keys ("1") first, so JSON rows printed column "1" before "b".
// Every machine output keeps the statement's column order.

const tmp = tempDir('dgw-column-order-');
afterAll(() => tmp.remove());
const SQL = 'SELECT 1 AS b, 2 AS "1", {\'2\': 3, x: 4} AS s';

describe('SQL result rows in machine output', () => {
  const { dgw } = localCli(tmp.dir, 'spec');

  it('keep the column order in --json, jsonl, --jq and yaml', async () => {
    expect(await dgw('sql', SQL, '--json')).toBe('[{"b":1,"1":2,"s":{"2":3,"x":4}}]\n');
    expect(await dgw('sql', SQL, '--format', 'jsonl')).toBe('{"b":1,"1":2,"s":{"2":3,"x":4}}\n');
    expect(await dgw('sql', SQL, '--jq', '.[0] | keys_unsorted | join(",")')).toBe('b,1,s\n');
    expect(await dgw('sql', SQL, '--format', 'yaml')).toBe('- b: 1\n  "1": 2\n  s:\n    "2": 3\n    x: 4\n');
  });

  it('keep the order --json f1,f2 names, and query run does the same', async () => {
    expect(await dgw('sql', SQL, '--json', 'b,1')).toBe('[{"b":1,"1":2}]\n');
    await dgw('query', 'create', 'order', '--sql', SQL);
    expect(await dgw('query', 'run', 'order', '--format', 'jsonl')).toBe('{"b":1,"1":2,"s":{"2":3,"x":4}}\n');
  });
});
