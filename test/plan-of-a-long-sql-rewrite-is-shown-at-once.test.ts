import { Chalk } from 'chalk';
import { expect, it } from 'vitest';
import { sqlDiff } from '../src/code/render.js';

// The plan's SQL diff took time that grew as the product of the lines and the changed lines: a
// 20,000-line file with every line changed held dgw plan (and apply, which prints the plan) for 88 s.
// Past a bound on the changed lines the text is shown replaced whole, which is a diff all the same.

const plain = new Chalk({ level: 0 });
const values = (from: number) => ['SELECT * FROM svc.table.orders WHERE amount NOT IN (', ...Array.from({ length: 20_000 }, (_, i) => `${from + i},`), '0)'].join('\n');

it('a rewrite of every line of a long SQL is shown as the old text removed and the new one added', () => {
  const lines = sqlDiff(values(0), values(100_000), plain);
  expect(lines[0]).toBe('@@ -1,20002 +1,20002 @@');
  expect(lines[1]).toBe('-SELECT * FROM svc.table.orders WHERE amount NOT IN (');
  expect(lines.filter((l) => l.startsWith('-'))).toHaveLength(20_002);
  expect(lines.filter((l) => l.startsWith('+'))).toHaveLength(20_002);
  expect(lines.at(-1)).toBe('+0)');
});

it('one changed line of the same long SQL is still a diff of that line, with its context', () => {
  expect(sqlDiff(values(0), values(0).replace('\n77,\n', '\nx77,\n'), plain)).toEqual(['@@ -77,5 +77,5 @@', ' 75,', ' 76,', '-77,', '+x77,', ' 78,', ' 79,']);
});
