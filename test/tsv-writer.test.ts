import { describe, expect, it } from 'vitest';
import { TSV_NULL, tsvField, tsvLine } from '../src/output/tsv.js';

/** Reads one field back (the inverse of `tsvField` for text): `\N` is null. */
function parseTsvField(field: string): string | null {
  if (field === TSV_NULL) return null;
  return field.replace(/\\(.)/g, (_m, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c] ?? c);
}

// The one TSV writer: PostgreSQL text-format escaping, lossless for any text and for NULL.
describe('the writer', () => {
  it('round-trips every character from U+0000 to U+00FF, and NULL', () => {
    const all = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)).join('');
    for (const value of [all, '\\N', '\\', '', 'x\\ty', null]) {
      const field = tsvField(value);
      expect(field).not.toMatch(/[\t\n\r]/);
      expect(parseTsvField(field)).toBe(value);
    }
  });

  it('an absent value is NULL too; objects are their JSON text', () => {
    expect(tsvLine([undefined, { a: 'x\ty' }, [1, 2], true, 0])).toBe('\\N\t{"a":"x\\\\ty"}\t[1,2]\ttrue\t0');
  });
});
