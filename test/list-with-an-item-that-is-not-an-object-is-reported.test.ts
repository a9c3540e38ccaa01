import { describe, expect, it } from 'vitest';
import { queryJson, useStandIn } from './support/stand-in.js';

// A list answer holding an item that is not an object (a number, a string, null) lost that item
// silently: `query list` printed fewer queries with exit 0. It is the service's malformed answer
// (exit 8), saying which item, and nothing is printed as if it were the whole list.
const { server, dgw } = useStandIn();

describe('a list answer with an item that is not an object', () => {
  it.each([
    ['a number', '42', 'a number'],
    ['a string', '"q-2"', 'a string'],
    ['null', 'null', 'null'],
    ['a list', '[]', 'a list'],
  ])('holding %s: query list is exit 8 naming the item, not a shorter list', async (_what, item, said) => {
    server.on('GET', '/data/projects/proj-1/queries', { body: `[${JSON.stringify(queryJson())},${item}]`, headers: { 'content-type': 'application/json' } });
    const r = await dgw(['query', 'list']);
    expect([r.code, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toContain(`error: the service sent a list of queries whose item 2 is ${said}, not an object`);
  });

  it('an export job with a file that is not an object: export get is exit 8', async () => {
    const job = { id: 'e1', status: 'COMPLETED', files: [{ name: 'a.csv', url: 'http://x/a', bytes: 1 }, 'b.csv'] };
    server.on('GET', '/data/projects/proj-1/exports/e1', { json: job });
    const r = await dgw(['export', 'get', 'e1']);
    expect([r.code, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toContain('error: the service sent a list of export files whose item 2 is a string, not an object');
  });
});
