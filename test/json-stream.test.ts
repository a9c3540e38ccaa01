import { describe, expect, it } from 'vitest';
import { JsonStreamError, streamArrayMember } from '../src/api/json-stream.js';

// The run-SQL answer is read as it arrives: each row of `data` as soon as it is complete, the other
// members whole. Checked against JSON.parse of the whole text, with the text cut at every byte.

const parse = (run: string) => JSON.parse(`[${run}]`) as unknown[];

async function read(pieces: Array<string | Uint8Array>) {
  const members: Record<string, unknown> = {};
  const rows: unknown[] = [];
  async function* source() {
    yield* pieces;
  }
  for await (const batch of streamArrayMember(source(), 'data', (k, v) => (members[k] = JSON.parse(v)), parse)) {
    expect(batch.length).toBeGreaterThan(0);
    rows.push(...batch);
  }
  return { ...members, data: rows };
}

const VALUE = {
  columns: [{ columnName: 'a, "b" [c]' }, { columnName: 'é😀\\' }],
  data: [[1, 'x,]}', null], { k: [1, { d: '\\"' }], e: '' }, 'str]', -1.5e-7, true, false, null, [], {}],
  truncated: true,
  after: { n: [1, 2] },
};
// Indented, so whitespace stands between every two tokens.
const DOC = JSON.stringify(VALUE, null, 1);

describe('reading a JSON answer as it arrives', () => {
  it('gives every element and member as JSON.parse does, wherever the text is cut', async () => {
    for (const doc of [` \n${DOC}\n`, JSON.stringify(VALUE)]) {
      const bytes = new TextEncoder().encode(doc);
      for (let cut = 0; cut <= bytes.length; cut++) {
        expect(await read([bytes.slice(0, cut), bytes.slice(cut)]), `cut at ${cut}`).toEqual(VALUE);
      }
      // One byte at a time.
      expect(await read([...bytes].map((b) => Uint8Array.of(b)))).toEqual(VALUE);
    }
  });

  it('yields each element as soon as it is complete, before the rest of the body has arrived', async () => {
    let sent = 0;
    async function* slow() {
      for (const piece of ['{"columns":[],"data":[[1],', '[2],', '[3]]}']) {
        sent += 1;
        yield piece;
      }
    }
    const seen: Array<[unknown[], number]> = [];
    for await (const batch of streamArrayMember(slow(), 'data', () => undefined, parse)) seen.push([batch, sent]);
    expect(seen).toEqual([[[[1]], 1], [[[2]], 2], [[[3]], 3]]);
  });

  it('an empty array, and the array member given as null, are read', async () => {
    expect(await read(['{"data":[]}'])).toEqual({ data: [] });
    const members: string[] = [];
    for await (const _ of streamArrayMember((async function* () { yield '{"data":null}'; })(), 'data', (k, v) => members.push(`${k}=${v}`), parse)) void _;
    expect(members).toEqual(['data=null']);
  });

  it('a body that ends early is "cut short"; one that is not JSON is not', async () => {
    for (const text of ['{"columns":[],"data":[[1],[2', '{"data":[[1]', '{"data":[[1]]', '', '{"columns":[1']) {
      const error = await read([text]).catch((e: unknown) => e);
      expect(error, text).toBeInstanceOf(JsonStreamError);
      expect((error as JsonStreamError).cutShort, text).toBe(true);
    }
    for (const text of ['[1,2]', '{"data":[,1]}', '{"data":[1] x}', '{"data":[[1]]} trailing', '<html>']) {
      const error = await read([text]).catch((e: unknown) => e);
      expect(error, text).toBeInstanceOf(JsonStreamError);
      expect((error as JsonStreamError).cutShort, text).toBe(false);
    }
  });

  it('a malformed element is passed on as it is, and fails where it is parsed', async () => {
    await expect(read(['{"data":[1,]}'])).rejects.toThrow(SyntaxError);
    await expect(read(['{"data":[[1],[2}]}'])).rejects.toThrow();
  });

  it('flat arrays of numbers, strings and literals, and a long element over many pieces', async () => {
    expect(await read(['{"data":[1, "a,]", true ,null,-2.5e3]}'])).toEqual({ data: [1, 'a,]', true, null, -2500] });
    const long = 'x'.repeat(100_000);
    const text = JSON.stringify({ data: [[long, '\\"'], [1]] });
    const pieces = text.match(/[\s\S]{1,1000}/g)!;
    expect(await read(pieces)).toEqual({ data: [[long, '\\"'], [1]] });
  });

  it('the shortcut over row boundaries never cuts inside a string or a nested row', async () => {
    const rows = [['a],[b', 1], ['x\\"],[', 2], [[1], [2]], [{ k: '},{' }], ['},{'], ['end']];
    const text = JSON.stringify({ data: rows });
    for (let cut = 0; cut <= text.length; cut++) expect(await read([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual({ data: rows });
    const objects = [{ a: '},{"b":1' }, { a: 2 }, { n: { m: [{}] } }];
    expect(await read([JSON.stringify({ data: objects })])).toEqual({ data: objects });
  });

  it('bytes that are not UTF-8 are an error, not replacement characters', async () => {
    const error = await read([Uint8Array.of(0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonStreamError);
  });
});
