import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { readQueries } from '../src/api/queries.js';
import { textOf } from '../src/api/transport.js';
import { QUERY_COLUMNS, queryId } from '../src/commands/query/columns.js';
import { answerRoom, printedQueryList } from '../src/commands/query/printed-list.js';
import { Output } from '../src/output/format.js';
import { sampleQuery } from './support/sample-query.js';

// `query list --json` lays a list out straight from the answer's UTF-8 bytes, checking as it goes
// (commands/query/printed-list.ts). Here every answer goes three ways: the fast way on its bytes;
// the usual way (the bytes read as text, parsed, read by readQueries, written by the one writer);
// and ORACLE, the rule the fast way kept to when it worked on the answer's text (a pattern over
// its UTF-16 characters, written independently of the byte checks). The fast way must print
// exactly what the usual way prints, and decline exactly where ORACLE says the text is not in
// readQuery's form: for bytes that are not UTF-8, the text the usual reader reads from them.

/** The text rule: a compact array of queries in readQuery's form, each string as JSON.stringify writes it, no DEL or C1, no lone surrogate. */
const ORACLE = (() => {
  const plain = String.raw`[^"\\\u0000-\u001f\u007f-\u009f\ud800-\udfff]`;
  const special = String.raw`(?:[\ud800-\udbff][\udc00-\udfff]|\\["\\bfnrt]|\\u00(?:0[0-7bef]|1[0-9a-f]))`;
  const string = `"${plain}*(?:${special}${plain}*)*"`;
  const nonEmpty = `(?!"")${string}`;
  const schedule = String.raw`\{"type":(?:"interval","repeatDuration":${nonEmpty}|"cron","cronExpression":${nonEmpty}(?:,"timezone":${nonEmpty})?)\}`;
  const query = String.raw`\{"id":${string},"displayName":${string},"name":${string},"inputQuery":${string},"queryType":"(?:PLAIN|MATERIALIZED)","schedule":(?:null|${schedule}),"path":(?:${string}|null),"folderId":(?:${string}|null)\}`;
  return new RegExp(String.raw`^\[${query}(?:,${query})*\]$`);
})();

/** What `query list --json` prints for the answer the usual way; undefined when the usual reader fails on it. */
async function printedTheUsualWay(text: string): Promise<Buffer | undefined> {
  let value: unknown;
  try {
    value = readQueries(JSON.parse(text));
  } catch {
    return undefined;
  }
  const chunks: Buffer[] = [];
  const stdout = { write: (c: string | Uint8Array) => chunks.push(Buffer.from(c)) };
  const out = new Output({ kind: 'json' }, stdout, { write: () => true }, new Chalk({ level: 0 }));
  await out.list(value as ReturnType<typeof readQueries>, QUERY_COLUMNS, queryId);
  return Buffer.concat(chunks);
}

/**
 * Checks `answer` three ways (see the top of this file); true when the fast way printed it. The fast
 * way runs twice: on the answer as it is, and on the answer put where the transport puts a body it
 * knows the length of (answerRoom), which it must leave as it was when it declines.
 */
async function checked(answer: Uint8Array): Promise<boolean> {
  const text = textOf(answer);
  const fast = printedQueryList(answer);
  const room = answerRoom(answer.length);
  if (room) {
    room.set(answer);
    const inRoom = printedQueryList(room);
    expect(inRoom === undefined ? undefined : Buffer.from(inRoom).toString('latin1'), 'laid out in its room').toBe(fast === undefined ? undefined : fast.toString('latin1'));
    expect(Buffer.from(room).equals(Buffer.from(answer)), 'the answer in its room is as it came').toBe(true);
  }
  expect(fast !== undefined, `taken where the text rule says ${ORACLE.test(text)}: ${JSON.stringify(text.slice(0, 300))}`).toBe(ORACLE.test(text));
  if (fast === undefined) return false;
  const usual = await printedTheUsualWay(text);
  expect(usual, 'the usual reader fails where the fast way printed').toBeDefined();
  expect(fast.toString('latin1')).toBe(usual!.toString('latin1'));
  return true;
}

const query = sampleQuery;
const utf8 = (value: unknown) => Buffer.from(JSON.stringify(value));
/** A list whose first query's display name is `raw`, put in as bytes as they are (not as JSON.stringify would write them). */
const withRawName = (raw: Uint8Array) => {
  const [head, tail] = JSON.stringify([query({ displayName: '@' }), query({ id: '2', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '0 * * * *', timezone: 'Europe/Berlin' } })]).split('@');
  return Buffer.concat([Buffer.from(head), raw, Buffer.from(tail)]);
};

describe('characters, as UTF-8 bytes', () => {
  it('every ASCII character, U+0080-U+00FF, the edges of two, three and four bytes, and line and paragraph separators', async () => {
    const chars = [
      ...Array.from({ length: 0x100 }, (_, c) => String.fromCharCode(c)),
      '\u0100', '\u07ff', '\u0800', '\u2028', '\u2029', '\ud7ff', '\ue000', '\ufeff', '\ufffd', '\uffff',
      '\ud800\udc00', '\ud83d\ude00', '\udbff\udfff',
    ];
    let taken = 0;
    for (const c of chars) {
      if (await checked(utf8([query({ displayName: `a${c}b`, inputQuery: c, path: `/${c}`, folderId: c.repeat(3) })]))) taken++;
    }
    // All but the raw DEL and C1 characters (33): each of those is escaped by dgw's writer.
    expect(taken).toBe(chars.length - 33);
  });

  it('every escape after a backslash, and every \\u00xx in both cases', async () => {
    const escapes = [
      ...Array.from({ length: 0x80 }, (_, c) => `\\${String.fromCharCode(c)}`),
      ...Array.from({ length: 0x100 }, (_, c) => `\\u00${c.toString(16).padStart(2, '0')}`),
      ...Array.from({ length: 0x100 }, (_, c) => `\\u00${c.toString(16).padStart(2, '0').toUpperCase()}`),
      '\\u0100', '\\ud83d\\ude00', '\\ud800', '\\uffff', '\\u', '\\u0', '\\u00', '\\u001', '\\', '\\\\\\',
    ];
    let taken = 0;
    for (const e of escapes) if (await checked(withRawName(Buffer.from(`x${e}y`, 'latin1')))) taken++;
    // Exactly those JSON.stringify writes as they are: \" \\ \b \f \n \r \t, and \u00xx in lower case for the other
    // controls (it writes a lone surrogate as \udxxx too, which the fast way leaves to the usual reader).
    const asWritten = escapes.filter((e) => {
      if (/^\\ud[89a-f]/.test(e)) return false;
      try {
        return JSON.stringify(JSON.parse(`"x${e}y"`)) === `"x${e}y"`;
      } catch {
        return false;
      }
    });
    expect(asWritten.length).toBeGreaterThan(30);
    expect(taken).toBe(asWritten.length);
  });

  it('bytes that are not UTF-8 are read as the usual reader reads them: lone, truncated, overlong, surrogate and out-of-range sequences', async () => {
    const bad = [[0x80], [0xbf], [0xc0, 0xaf], [0xc1, 0xbf], [0xc2], [0xc2, 0x41], [0xe0, 0x80, 0x80], [0xe6, 0x9d], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf0, 0x9f, 0x98], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80], [0xfe], [0xff]];
    let taken = 0;
    for (const b of bad) {
      for (const around of [[], [0x41], [0xc3, 0xa9]]) {
        if (await checked(withRawName(Buffer.from([...around, ...b, ...around])))) taken++;
        // Also where the string ends, just before its quote.
        if (await checked(withRawName(Buffer.from([...around, ...b])))) taken++;
      }
    }
    // Each bad sequence reads as U+FFFD, which the text rule takes.
    expect(taken).toBe(bad.length * 6);
  });

  it('an answer inside a larger buffer (a pooled Buffer, a view with an offset) is read from its own bytes', async () => {
    for (const raw of [utf8([query({ displayName: 'Grüße 😀' })]), withRawName(Buffer.from([0xff, 0x41]))]) {
      const big = Buffer.alloc(raw.length + 200, 0x7b);
      raw.copy(big, 100);
      const view = new Uint8Array(big.buffer, big.byteOffset + 100, raw.length);
      expect(await checked(view)).toBe(true);
      expect(printedQueryList(view)!.equals(printedQueryList(raw)!)).toBe(true);
    }
  });
});

describe('where the bytes stop being a list in readQuery\'s form', () => {
  const sample = utf8([
    query({ displayName: 'Grüße "東京" 😀\n\t\u0001', path: null, folderId: null }),
    query({ id: '2', queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'PT1H' } }),
    query({ id: '3', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '0 * * * *', timezone: 'Europe/Berlin' } }),
    query({ id: '4', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '5 4 * * *' } }),
  ]);

  it('the sample itself is printed', async () => {
    expect(await checked(sample)).toBe(true);
  });

  it('every prefix of it, and it with anything after it, is declined', async () => {
    for (let end = 0; end < sample.length; end++) expect(printedQueryList(sample.subarray(0, end)), `prefix of ${end} bytes`).toBeUndefined();
    for (const more of [' ', '\n', ']', ',', ',{}', '\u0000']) expect(printedQueryList(Buffer.concat([sample, Buffer.from(more)]))).toBeUndefined();
  });

  it('any one byte of it changed to a byte that matters to the checks: printed as the usual way prints it, or declined as the text rule says', async () => {
    const replacements = [0x00, 0x09, 0x0a, 0x20, 0x22, 0x2c, 0x3a, 0x5b, 0x5c, 0x5d, 0x6e, 0x7b, 0x7d, 0x7f, 0x80, 0xa0, 0xc2, 0xe6, 0xff, 0x41];
    let taken = 0;
    for (let at = 0; at < sample.length; at++) {
      for (const byte of replacements) {
        if (sample[at] === byte) continue;
        const changed = Buffer.from(sample);
        changed[at] = byte;
        if (await checked(changed)) taken++;
      }
    }
    // Changes inside strings are mostly still in form: the fast way must have had its share.
    expect(taken).toBeGreaterThan(1000);
  });
});

describe('schedules', () => {
  it('each form readSchedule gives back is printed; an empty value, another order, another type or an extra field is declined', async () => {
    const schedules = [
      { type: 'interval', repeatDuration: 'PT1H' },
      { type: 'cron', cronExpression: '0 * * * *' },
      { type: 'cron', cronExpression: '0 * * * *', timezone: 'Europe/Berlin' },
      { type: 'interval', repeatDuration: '' },
      { type: 'cron', cronExpression: '' },
      { type: 'cron', cronExpression: '0 * * * *', timezone: '' },
      { type: 'cron', cronExpression: '0 * * * *', timezone: null },
      { type: 'interval', repeatDuration: 'PT1H', timezone: 'UTC' },
      { repeatDuration: 'PT1H', type: 'interval' },
      { type: 'none' },
      { type: 'INTERVAL', repeatDuration: 'PT1H' },
      {},
      'PT1H',
    ];
    let taken = 0;
    for (const schedule of schedules) if (await checked(utf8([query({ queryType: 'MATERIALIZED', schedule }), query({ id: '2' })]))) taken++;
    expect(taken).toBe(3);
  });
});

describe('sizes', () => {
  it('lists of 1 to 300 of the queries whose layout grows most: each is printed whole, wherever its end falls in the output buffer', async () => {
    const growthiest = query({ id: '', displayName: '', name: '', inputQuery: '', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '*', timezone: 'Z' }, path: null, folderId: null });
    for (let n = 1; n <= 300; n++) expect(await checked(utf8(Array.from({ length: n }, () => growthiest)))).toBe(true);
  });

  it('the shortest queries (their layout grows most) and the longest schedules, 20,000 of them: the output buffer grows as needed', async () => {
    const shortest = Array.from({ length: 10_000 }, () => query({ id: '', displayName: '', name: '', inputQuery: '', path: null, folderId: null }));
    const longest = Array.from({ length: 10_000 }, () => query({ id: '', displayName: '', name: '', inputQuery: '', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '*', timezone: 'Z' } }));
    expect(await checked(utf8([...shortest, ...longest]))).toBe(true);
    expect(await checked(utf8([...longest, ...shortest]))).toBe(true);
  });

  it('a string of three million three-byte characters, one of a million \\u0000 escapes, and one of a million two-byte characters from U+00A0-U+00BF', async () => {
    expect(await checked(utf8([query({ displayName: '東'.repeat(3_000_000), inputQuery: '\u0000'.repeat(1_000_000), path: '\u00a0\u00bf'.repeat(500_000) })]))).toBe(true);
  });
});
