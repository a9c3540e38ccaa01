import { describe, expect, it } from 'vitest';
import { readQueries } from '../src/api/queries.js';
import { QUERY_COLUMNS, queryId } from '../src/commands/query/columns.js';
import { printedQueryList } from '../src/commands/query/printed-list.js';
import { Output } from '../src/output/format.js';
import { Chalk } from 'chalk';
import { sampleQuery } from './support/sample-query.js';

// `query list --json` prints a whole list straight from the answer's text when that prints the
// same bytes as reading it (readQueries) and writing it (Output.list with --json). Every text
// here, the adversarial ones and thousands of random ones, goes both ways: the fast way either
// declines (undefined) or prints exactly what the usual way prints.

/** What `query list --json` prints for `text` the usual way: read, then written by the one writer. */
async function printedTheUsualWay(text: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stdout = { write: (c: string | Uint8Array) => chunks.push(Buffer.from(c)) };
  const out = new Output({ kind: 'json' }, stdout, { write: () => true }, new Chalk({ level: 0 }));
  await out.list(readQueries(JSON.parse(text)), QUERY_COLUMNS, queryId);
  return Buffer.concat(chunks);
}

async function agrees(text: string): Promise<boolean> {
  const fast = printedQueryList(text);
  if (fast === undefined) return false;
  expect(fast.toString('latin1')).toBe((await printedTheUsualWay(text)).toString('latin1'));
  return true;
}

const query = sampleQuery;
const list = (...qs: unknown[]) => JSON.stringify(qs);

describe('a list in the form readQuery gives is printed from its text', () => {
  it('the local gateway answer: plain and materialized queries, folders and none', async () => {
    const text = list(
      query(),
      query({ id: '2', path: null, folderId: null }),
      query({ id: '3', queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'PT1H' } }),
      query({ id: '4', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '0 * * * *' } }),
      query({ id: '5', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '0 * * * *', timezone: 'Europe/Berlin' } }),
    );
    expect(await agrees(text)).toBe(true);
  });

  it('strings with quotes, backslashes, newlines, tabs, control characters, JSON punctuation, emoji and other scripts', async () => {
    const strings = ['say "hi"', 'C:\\path\\', 'line 1\nline 2\r\n\tindented', '\u0000\u0001\u001f\b\f\u000b', '","name":"x', '":{"a":[1]}', '{}[],:', 'Grüße 東京 😀 \u2028\u2029', '', ' '];
    const text = list(...strings.map((s, i) => query({ id: String(i), displayName: s, inputQuery: s, path: `/${s}`, name: s })));
    expect(await agrees(text)).toBe(true);
  });

  it('a string of a million escapes (SQL of a million lines) and one of 8 MB', async () => {
    expect(await agrees(list(query({ inputQuery: 'SELECT 1\n'.repeat(1_000_000) }), query({ id: '2', displayName: 'x'.repeat(8 << 20) })))).toBe(true);
  });

  it('queries so small that their layout is half as long again as they are, by the ten thousand (the pass starts over with more room)', async () => {
    const tiny = { id: '', displayName: '', name: '', inputQuery: '', path: null, folderId: null };
    const qs = Array.from({ length: 30_000 }, (_, i) => query({ ...tiny, schedule: { type: 'cron', cronExpression: String(i % 10), timezone: 'Z' } }));
    const text = list(...qs);
    // The layout outgrows the room the pass is first given (half the answer and 4 KB).
    expect((await printedTheUsualWay(text)).length).toBeGreaterThan(1.5 * Buffer.byteLength(text) + 4096);
    expect(await agrees(text)).toBe(true);
  });

  it('ten thousand queries', async () => {
    const qs = Array.from({ length: 10_000 }, (_, i) => query({ id: String(i), displayName: `Scale query ${i}`, inputQuery: `SELECT ${i} AS n`, path: `/area-${i % 10}/group-${i % 1000}` }));
    expect(await agrees(list(...qs))).toBe(true);
  });
});

describe('anything else is read the usual way', () => {
  const declined = async (text: string) => {
    expect(printedQueryList(text), text).toBeUndefined();
    // It still reads: the usual way prints it (or fails as it always did).
    await printedTheUsualWay(text).catch(() => undefined);
  };

  it('what readQuery would change: a missing, extra, reordered or differently typed field, a lower-case type, a schedule it rewrites', async () => {
    const { displayName: _d, ...noDisplayName } = query();
    for (const text of [
      list(noDisplayName),
      list({ ...query(), extra: 1 }),
      // The same fields, displayName first.
      list({ displayName: 'Scale query 0', ...noDisplayName }),
      JSON.stringify([query()]).replace('"id":"383912441430812996"', '"id":383912441430812996'),
      list(query({ queryType: 'plain' })),
      list(query({ queryType: 'materialized' })),
      list(query({ schedule: { type: 'none' } })),
      list(query({ schedule: { type: 'interval', repeatDuration: '' } })),
      list(query({ schedule: { type: 'INTERVAL', repeatDuration: 'PT1H' } })),
      list(query({ schedule: { repeatDuration: 'PT1H', type: 'interval' } })),
      list(query({ schedule: { type: 'interval', repeatDuration: 'PT1H', cronExpression: null } })),
      list(query({ schedule: { type: 'cron', cronExpression: '0 * * * *', timezone: '' } })),
      list(query({ schedule: { type: 'cron', cronExpression: '0 * * * *', timezone: null } })),
      list(query({ path: 7 })),
      list(query({ folderId: false })),
      list(query({ displayName: null })),
      list(query(), 'not a query'),
      list(query(), null),
      '{"id":"1"}',
      '[]',
      'null',
    ]) {
      await declined(text);
    }
  });

  it('a layout or a spelling JSON.stringify would write otherwise: whitespace, other escapes, DEL and C1, lone surrogates, duplicate keys', async () => {
    const plain = list(query());
    for (const text of [
      ` ${plain}`,
      `${plain} `,
      `${plain}\n`,
      JSON.stringify([query()], null, 2),
      plain.replace('"id":', '"id" :'),
      plain.replace('/area-0', '\\/area-0'),
      plain.replace('Scale', '\\u0053cale'),
      plain.replace('Scale', 'Sc\\u00E4le'),
      plain.replace('Scale', '\\u000B'),
      plain.replace('Scale', '\\u0008'),
      plain.replace('Scale', '\\u007f'),
      plain.replace('Scale', '\u007f'),
      plain.replace('Scale', '\u0085'),
      plain.replace('Scale', '\u009b[2J'),
      plain.replace('Scale', '\ud800'),
      plain.replace('Scale', '\\ud83d\\ude00'),
      plain.replace('Scale', '\\ud800'),
      plain.replace('"path":"/area-0"', '"path":"/area-0","path":"/b"'),
      plain.slice(0, -1),
      plain.slice(0, -2),
      `${plain}]`,
      `${plain.slice(0, -1)},]`,
    ]) {
      await declined(text);
    }
  });
});

describe('random lists', () => {
  // A seeded generator: a failure names its seed and can be replayed.
  const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  // Characters JSON.stringify writes as they are or with its escapes, and (rarer) those that make the fast way decline.
  const FINE = ['a', 'Z', '0', ' ', '"', '\\', '/', ',', ':', '{', '}', '[', ']', '\n', '\t', '\u0000', '\u001f', '\u00a0', 'é', '東', '\u2028', '\ud83d\ude00'];
  const DECLINED = ['\u007f', '\u0080', '\u009f', '\ud800', '\udfff'];

  it('print the same both ways, or decline', async () => {
    let taken = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const next = random(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
      const str = () => Array.from({ length: Math.floor(next() * 6) }, () => (next() < 0.02 ? pick(DECLINED) : pick(FINE))).join('');
      const value = () => (next() < 0.9 ? str() : pick<unknown>([null, 7, true]));
      const schedule = () => (next() < 0.6 ? null : pick<unknown>([{ type: 'none' }, { type: 'interval', repeatDuration: str() }, { type: 'cron', cronExpression: str(), timezone: str() }, { type: 'cron', cronExpression: str() }, str()]));
      const qs = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
        query({ id: next() < 0.95 ? str() : 5, displayName: value(), name: str(), inputQuery: str(), queryType: next() < 0.95 ? pick(['PLAIN', 'MATERIALIZED']) : 'plain', schedule: schedule(), path: value(), folderId: value() }),
      );
      const text = JSON.stringify(qs);
      try {
        if (await agrees(text)) taken++;
      } catch (error) {
        throw new Error(`seed ${seed}: ${text}\n${String(error)}`, { cause: error });
      }
    }
    // The fast way must be taken for a fair share of them, or this proves nothing.
    expect(taken).toBeGreaterThan(200);
  });
});
