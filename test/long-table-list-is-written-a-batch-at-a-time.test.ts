import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { Output } from '../src/output/format.js';

// A list of 10,000 rows took cli-table3 about 3 s to draw, and nothing showed until all of it was
// drawn. It is written a batch of rows at a time (the first at once, through a pager too), in the
// same lines; a reader that went away (a pager quit) stops the drawing.
const rows = Array.from({ length: 250 }, (_, i) => ({ id: `q${i}`, name: `name ${i}` }));
const columns = [{ field: 'id' as const, kind: 'key' as const }, { field: 'name' as const }];

describe('a long list drawn as a table', () => {
  it('is written in batches whose lines are the whole table', async () => {
    const writes: string[] = [];
    const out = new Output({ kind: 'table' }, { write: (c: string | Uint8Array) => writes.push(String(c)) }, { write: () => true }, new Chalk({ level: 0 }));
    await out.list(rows, columns, (r) => r.id);
    expect(writes.length).toBe(3);
    const lines = writes.join('').split('\n');
    expect(lines.slice(0, 3)).toEqual(['ID    NAME', '────  ────────', 'q0    name 0']);
    expect(lines.at(-2)).toBe('q249  name 249');
    expect(lines.length).toBe(2 + 250 + 1);
  });

  it('stops once the reader has gone', async () => {
    const writes: string[] = [];
    const gone = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    const stdout = { write: (c: string | Uint8Array) => writes.push(String(c)), failed: () => (writes.length > 0 ? gone : undefined) };
    await new Output({ kind: 'table' }, stdout, { write: () => true }, new Chalk({ level: 0 })).list(rows, columns, (r) => r.id);
    expect(writes.length).toBe(1);
    expect(writes[0]).not.toContain('q249');
  });
});
