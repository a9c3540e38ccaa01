import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { fieldsOf, readSchema, variantsOf } from '../src/contract/fields.js';
import { fieldTitle } from '../src/output/fields.js';
import { leafCommands } from '../src/schema-files.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// One vocabulary: a table's headers and a record's labels are its --json fields, titled by one
// rule (fieldTitle); --json takes the field names (or their titles); every command's --help lists
// its fields; no schedule is null for plain and materialized queries alike.

const { server, dgw } = useStandIn();
const QUERIES = '/data/projects/proj-1/queries';
const MAT = queryJson({ id: '709922802836177297', name: 'daily', displayName: 'Daily', queryType: 'MATERIALIZED', schedule: { type: 'none' } });
const PLAIN = queryJson({ id: '709922802836177298', name: 'plain', displayName: 'Plain', schedule: null });

describe('fieldTitle', () => {
  it.each([
    ['id', 'ID'],
    ['queryType', 'QUERY TYPE'],
    ['displayName', 'DISPLAY NAME'],
    ['apiKeyId', 'API KEY ID'],
    ['lastExecutionStartTime', 'LAST EXECUTION START TIME'],
    ['baseUrl', 'BASE URL'],
    ['isNotNull', 'IS NOT NULL'],
  ])('%s → %s', (field, title) => {
    expect(fieldTitle(field)).toBe(title);
  });
});

describe('headers and labels are the fields', () => {
  it('query list: the header line is the titles of its columns\' fields', async () => {
    server.on('GET', QUERIES, { json: [MAT] });
    const r = await dgw(['--header', 'query', 'list']);
    expect(r.stdout.split('\n')[0]).toBe(['id', 'name', 'displayName', 'queryType', 'path', 'schedule'].map(fieldTitle).join('\t'));
  });

  it('query get and mtquery status label their records the same way (upper-case titles)', async () => {
    server.on('GET', `${QUERIES}/${MAT.id}`, { json: MAT });
    const query = await dgw(['query', 'get', MAT.id]);
    expect(query.stdout.split('\n').map((l) => l.split('\t')[0])).toContain('QUERY TYPE');
    server.on('GET', `/data/projects/proj-1/materialized-queries/${MAT.id}/status`, {
      json: { queryId: MAT.id, queryName: 'daily', scheduleSettings: null, nextExecutionStartTime: null, status: 'COMPLETED', lastExecutionStartTime: null, lastUpdateTime: null },
    });
    const status = await dgw(['mtquery', 'status', MAT.id]);
    const labels = status.stdout.trim().split('\n').map((l) => l.split('\t')[0]);
    expect(labels).toEqual(['queryId', 'queryName', 'status', 'lastExecutionStartTime', 'lastUpdateTime', 'nextExecutionStartTime', 'scheduleSettings', 'message'].map(fieldTitle));
  });
});

describe('--json takes the real field names', () => {
  it('--json name,queryType works; so do the titles and other spellings', async () => {
    server.on('GET', QUERIES, { json: [MAT] });
    const r = await dgw(['query', 'list', '--json', 'name,queryType']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ name: 'daily', queryType: 'MATERIALIZED' }]);
    for (const spelling of ['QUERY TYPE', 'query_type', 'querytype']) {
      server.on('GET', QUERIES, { json: [MAT] });
      const other = await dgw(['query', 'list', '--json', spelling]);
      expect(JSON.parse(other.stdout), spelling).toEqual([{ queryType: 'MATERIALIZED' }]);
    }
  });

  it('--json name,type is exit 2 before any request, suggesting queryType and listing the fields', async () => {
    const r = await dgw(['query', 'list', '--json', 'name,type']);
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
    const { error } = JSON.parse(r.stderr) as { error: { message: string; hint: string } };
    expect(error.message).toBe('--json: dgw query list has no field type; did you mean queryType?');
    expect(error.hint).toBe('its fields: id, displayName, name, inputQuery, queryType, schedule, path, folderId');
  });
});

describe('no schedule has one form: null', () => {
  it('for a plain query (null on the wire) and a materialized one ({"type":"none"} on the wire)', async () => {
    server.on('GET', QUERIES, { json: [PLAIN, MAT] });
    const r = await dgw(['query', 'list', '--json', 'name,schedule']);
    expect(JSON.parse(r.stdout)).toEqual([{ name: 'plain', schedule: null }, { name: 'daily', schedule: null }]);
  });

  it('in a refresh status too', async () => {
    server.on('GET', '/data/projects/proj-1/materialized-queries/status', {
      json: [{ queryId: MAT.id, queryName: 'daily', scheduleSettings: { type: 'none' }, nextExecutionStartTime: null, status: 'COMPLETED', lastExecutionStartTime: null, lastUpdateTime: null }],
    });
    const r = await dgw(['mtquery', 'status', '--json', 'scheduleSettings']);
    expect(JSON.parse(r.stdout)).toEqual([{ scheduleSettings: null }]);
  });
});

const leafPaths = (await leafCommands()).map((c) => c.path);

describe('--help lists the JSON fields of every command', () => {
  const help = async (path: string): Promise<string> => {
    let out = '';
    const code = await main([...path.split(' '), '--help'], {
      io: { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } },
      env: {},
      cwd: '.',
      signal: new AbortController().signal,
    });
    expect(code).toBe(0);
    return out;
  };

  it.each(leafPaths)('dgw %s --help', async (path) => {
    // Help's paragraphs are wrapped to the window: a list may go on over the next line.
    const text = (await help(path)).replace(/\s+/g, ' ');
    const doc = readSchema(path);
    if (!doc) {
      expect(text).toContain('prints no JSON');
      return;
    }
    expect(text).toContain(`JSON fields (--json f1,f2; schema: dgw schema ${path}):`);
    for (const [, variant] of variantsOf(doc)) {
      const fields = fieldsOf(doc, variant);
      if (fields) expect(text).toContain(fields.join(', '));
    }
  });
});
