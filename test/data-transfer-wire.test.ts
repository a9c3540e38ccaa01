import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartParts } from './support/conformance.js';
import { startDgw, tempDir } from './support/dgw.js';
import { KEY, useStandIn } from './support/stand-in.js';

// What dgw sends to a hosted service to move data in and out, as the spawned binary sends it to a
// recording stand-in: the import's multipart parts, the export's request, its polling, and the
// downloads (without the API key, from the links the service gives), and what dgw makes of the
// answers: an expired link, a failed job, a result the service cut short.

const P = 'proj-1';
const { server, dgw, dgwInTerminal, env } = useStandIn(P);
const work = tempDir('dgw-transfer-wire-');
afterAll(() => work.remove());

const file = (name: string, content: string) => {
  const f = path.join(work.dir, name);
  fs.writeFileSync(f, content);
  return f;
};
const paths = () => server.requests.map((r) => `${r.method} ${r.path}`);
const columns = (...names: string[]) => names.map((name) => ({ name, dataType: 'VARCHAR', displayName: name, defaultValue: null, isNotNull: false, isUnique: false }));

describe('table import sends the documented multipart request', () => {
  it('columns by header name: GET the columns, then POST a "request" part and the file as it is', async () => {
    const content = 'id,name\n1,"Smith, Jo"\n2,Bo\n';
    server.on('GET', `/data/projects/${P}/table/people/columns`, { json: columns('id', 'name') });
    server.on('POST', `/data/projects/${P}/table/people/import`, { json: { id: 'job-1', status: 'COMPLETED', startTime: 1795966316838, endTime: 1795966316850, progress: 100, result: { importedRows: 2 } } });
    const r = await dgw(['table', 'import', 'people', file('people.csv', content)]);
    expect(r.stderr).toContain('imported 2 rows into people');
    expect(r.code).toBe(0);
    // Times in --json are ISO 8601, as every time dgw prints (the document sends epoch milliseconds).
    const json = await dgw(['table', 'import', 'people', file('people.csv', content), '--json', 'startTime,endTime']);
    expect(JSON.parse(json.stdout)).toEqual({ startTime: '2026-11-29T15:31:56.838Z', endTime: '2026-11-29T15:31:56.850Z' });
    server.requests.splice(2);
    expect(paths()).toEqual([`GET /data/projects/${P}/table/people/columns`, `POST /data/projects/${P}/table/people/import`]);
    const upload = server.requests[1];
    expect(upload.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const parts = multipartParts(upload.body)!;
    expect([...parts.keys()]).toEqual(['request', 'file']);
    expect(JSON.parse(parts.get('request')!.content)).toEqual({ mappings: [{ name: 'id', csvColumnName: 'id' }, { name: 'name', csvColumnName: 'name' }], containsHeader: true });
    expect(parts.get('file')).toMatchObject({ filename: 'people.csv', content });
    expect(parts.get('file')!.headers).toMatch(/Content-Type: text\/csv/);
  });

  it('stdin without a header, another delimiter: by position, rewritten as comma CSV line for line', async () => {
    server.on('GET', `/data/projects/${P}/table/people/columns`, { json: columns('id', 'name', 'note') });
    server.on('POST', `/data/projects/${P}/table/people/import`, { json: { id: 'job-2', status: 'COMPLETED' } });
    const r = await dgw(['table', 'import', 'people', '-', '--no-header', '--delimiter', ';'], { input: '1;"a;b"\n2;x,y\n3;say "hi"\n' });
    expect(r.code, r.stderr).toBe(0);
    const parts = multipartParts(server.requests[1].body)!;
    expect(JSON.parse(parts.get('request')!.content)).toEqual({ mappings: [{ name: 'id', csvColumnIndex: 0 }, { name: 'name', csvColumnIndex: 1 }], containsHeader: false });
    expect(parts.get('file')).toMatchObject({ filename: 'stdin.csv', content: '1,"a;b"\n2,"x,y"\n3,"say ""hi"""\n' });
  });

  it('--map picks columns; a CSV column that matches no column is exit 14 once the columns were read, nothing changed', async () => {
    server.on('GET', `/data/projects/${P}/table/people/columns`, { json: columns('id', 'name') });
    const unmatched = await dgw(['table', 'import', 'people', file('extra.csv', 'id,name,extra\n1,a,b\n')]);
    expect([unmatched.code, unmatched.stderr]).toEqual([14, expect.stringMatching(/the file's column "extra" matches no column of table people[\s\S]*nothing was changed/)]);
    expect(paths()).toEqual([`GET /data/projects/${P}/table/people/columns`]);
    server.on('POST', `/data/projects/${P}/table/people/import`, { json: { id: 'job-3', status: 'COMPLETED' } });
    const mapped = await dgw(['table', 'import', 'people', file('extra.csv', 'id,name,extra\n1,a,b\n'), '--map', 'name=extra', '--map', 'ID=id']);
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(JSON.parse(multipartParts(server.requests.at(-1)!.body)!.get('request')!.content)).toEqual({
      mappings: [{ name: 'name', csvColumnName: 'extra' }, { name: 'id', csvColumnName: 'id' }],
      containsHeader: true,
    });
  });

  it('--create: the table and its inferred columns first; a refused import removes the table again (exit 6)', async () => {
    server.on('POST', `/data/projects/${P}/table/fresh`, { json: { tableName: 'fresh' } });
    server.on('POST', `/data/projects/${P}/table/fresh/columns`, { json: [] });
    server.on('POST', `/data/projects/${P}/table/fresh/import`, { status: 400, json: { errorCode: 'CSV_ERROR', message: 'line 3: bad' } });
    server.on('DELETE', `/data/projects/${P}/table/fresh`, { status: 200 });
    const r = await dgw(['table', 'import', 'fresh', file('fresh.csv', 'id,amount,day,ok,label\n1,1.5,2026-01-01,true,x\n2,2,2026-01-02,false,\n'), '--create']);
    expect([r.code, r.stderr]).toEqual([6, expect.stringMatching(/line 3: bad/)]);
    expect(paths()).toEqual([
      `POST /data/projects/${P}/table/fresh`,
      `POST /data/projects/${P}/table/fresh/columns`,
      `POST /data/projects/${P}/table/fresh/import`,
      `DELETE /data/projects/${P}/table/fresh`,
    ]);
    expect(server.requests[1].json).toEqual([
      { name: 'id', dataType: 'BIGINT' },
      { name: 'amount', dataType: 'DECIMAL' },
      { name: 'day', dataType: 'DATE' },
      { name: 'ok', dataType: 'BOOLEAN' },
      { name: 'label', dataType: 'VARCHAR' },
    ]);
  });

  it('a job the service answers FAILED (HTTP 200) is refused as a 400 is: exit 6 with its reason, nothing on stdout; with --create the table made for it goes', async () => {
    server.on('GET', `/data/projects/${P}/table/people/columns`, { json: columns('id') });
    server.on('POST', `/data/projects/${P}/table/people/import`, { json: { id: 'j1', status: 'FAILED', progress: 0, result: { error: 'bad line 2' } } });
    const r = await dgw(['table', 'import', 'people', file('refused-job.csv', 'id\n1\n'), '--json']);
    expect([r.code, r.stdout]).toEqual([6, '']);
    expect(r.stderr).toMatch(/reports the import into people FAILED: bad line 2/);
    server.requests.length = 0;
    server.on('POST', `/data/projects/${P}/table/fresh`, { json: { tableName: 'fresh' } });
    server.on('POST', `/data/projects/${P}/table/fresh/columns`, { json: [] });
    server.on('POST', `/data/projects/${P}/table/fresh/import`, { json: { id: 'j2', status: 'failed' } });
    server.on('DELETE', `/data/projects/${P}/table/fresh`, { status: 200 });
    const made = await dgw(['table', 'import', 'fresh', file('fresh-refused-job.csv', 'id\n1\n'), '--create']);
    expect(made.code, made.stderr).toBe(6);
    expect(paths()).toEqual([`POST /data/projects/${P}/table/fresh`, `POST /data/projects/${P}/table/fresh/columns`, `POST /data/projects/${P}/table/fresh/import`, `DELETE /data/projects/${P}/table/fresh`]);
  });

  it('--create stopped by Ctrl-C while the file goes up: the table made for it is removed all the same (exit 130)', async () => {
    server.on('POST', `/data/projects/${P}/table/stopped`, { json: { tableName: 'stopped' } });
    server.on('POST', `/data/projects/${P}/table/stopped/columns`, { json: [] });
    // The service takes the upload and does not answer: the import is under way when Ctrl-C comes.
    server.on('POST', `/data/projects/${P}/table/stopped/import`, { delayMs: 60_000, json: {} });
    server.on('DELETE', `/data/projects/${P}/table/stopped`, { status: 200 });
    const run = startDgw(['--debug', 'table', 'import', 'stopped', file('stopped.csv', 'id,label\n1,x\n'), '--create'], { env: env() });
    await run.waitForOutput('/table/stopped/import');
    run.child.kill('SIGINT');
    expect((await run.exited).code).toBe(130);
    expect(paths()).toContain(`DELETE /data/projects/${P}/table/stopped`);
  });

  it('--create run again after a run stopped between making the table and its columns: the empty table is taken; one with columns is still a conflict', async () => {
    server.on('POST', `/data/projects/${P}/table/again`, { status: 409, json: { errorCode: 'CONFLICT', message: 'table again already exists' } });
    server.on('GET', `/data/projects/${P}/table/again/columns`, { json: [] });
    server.on('POST', `/data/projects/${P}/table/again/columns`, { json: [] });
    server.on('POST', `/data/projects/${P}/table/again/import`, { json: { id: 'job-2', status: 'COMPLETED', startTime: 1, endTime: 2, progress: 100, result: { importedRows: 1 } } });
    const csv = file('again.csv', 'id,label\n1,x\n');
    const taken = await dgw(['table', 'import', 'again', csv, '--create']);
    expect(taken.code, taken.stderr).toBe(0);
    expect(paths()).toEqual([`POST /data/projects/${P}/table/again`, `GET /data/projects/${P}/table/again/columns`, `POST /data/projects/${P}/table/again/columns`, `POST /data/projects/${P}/table/again/import`]);
    server.reset();
    server.on('POST', `/data/projects/${P}/table/again`, { status: 409, json: { errorCode: 'CONFLICT', message: 'table again already exists' } });
    server.on('GET', `/data/projects/${P}/table/again/columns`, { json: columns('id', 'label') });
    const refused = await dgw(['table', 'import', 'again', csv, '--create']);
    expect(refused.code).toBe(5);
    // The last request looks for the table in the list, for the refusal's hint.
    expect(paths()).toEqual([`POST /data/projects/${P}/table/again`, `GET /data/projects/${P}/table/again/columns`, `GET /data/projects/${P}/table`]);
  });

  it('--create with a --map that names no column of the file is exit 2: nothing is sent, no table made', async () => {
    const r = await dgw(['table', 'import', 'fresh', file('fresh.csv', 'id,label\n1,x\n'), '--create', '--map', 'nosuch=id']);
    expect(r.code, r.stderr).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('--dry-run shows the multipart request and sends nothing', async () => {
    const r = await dgw(['table', 'import', 'people', file('dry.csv', 'id\n1\n'), '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`POST ${server.baseUrl}/data/projects/${P}/table/people/import`);
    expect(r.stdout).toMatch(/Content-Type: multipart\/form-data; boundary=/);
    expect(r.stdout).toContain('"containsHeader": true');
    expect(server.requests).toEqual([]);
  });

  it('a progress line on a terminal for an import that takes a moment; none in a pipe', async () => {
    const slow = { json: { id: 'job-9', status: 'COMPLETED', result: { rowCount: 1 } }, delayMs: 1500 };
    server.on('GET', `/data/projects/${P}/table/people/columns`, { json: columns('id') });
    server.on('POST', `/data/projects/${P}/table/people/import`, slow);
    const f = file('slow.csv', 'id\n1\n');
    const tty = await dgwInTerminal(['table', 'import', 'people', f]);
    expect(tty.code, tty.stdout).toBe(0);
    expect(tty.stdout).toMatch(/importing into people \d+s/);
    const pipe = await dgw(['table', 'import', 'people', f]);
    expect(pipe.code).toBe(0);
    expect(pipe.stderr).not.toMatch(/importing into/);
    expect(pipe.stderr).toContain('imported 1 row into people');
  });

  it('table sample is a read: a 503 before its answer begins is tried again, as every GET is', async () => {
    server.on('GET', `/data/projects/${P}/table/people/sample`, { status: 503, headers: { 'retry-after': '0' }, json: { message: 'busy' } }, { body: 'id\n1\n', headers: { 'content-type': 'text/csv' } });
    const r = await dgw(['table', 'sample', 'people']);
    expect([r.code, r.stdout], r.stderr).toEqual([0, 'id\n1\n']);
    expect(paths()).toEqual([`GET /data/projects/${P}/table/people/sample`, `GET /data/projects/${P}/table/people/sample`]);
  });

  it('table sample prints the service\'s CSV as it is', async () => {
    server.on('GET', `/data/projects/${P}/table/people/sample`, { body: 'text,num19\n"sample text",1176\n', headers: { 'content-type': 'text/csv' } });
    const r = await dgw(['table', 'sample', 'people']);
    expect([r.code, r.stdout]).toEqual([0, 'text,num19\n"sample text",1176\n']);
  });
});

describe('query export: the request, the polling, the downloads', () => {
  const QID = '709922802836177297';
  /** A download link of the stand-in: a path of the presigned operation, on another spelling of its host (so, another origin). */
  const link = (name: string) => `${server.origin.replace('127.0.0.1', 'localhost')}/api/v1/data/projects/${P}/exports/e1/files/${name}?expires=9999999999&signature=sig-${name}`;
  const job = (status: string, extra: object = {}) => ({ id: 'e1', status, format: 'CSV', compression: 'NONE', downloadable: status === 'SUCCEEDED', createdAt: '2026-06-10T12:24:08Z', queryId: QID, source: 'peaka.query."x"', ...extra });

  it('POSTs the export, polls until SUCCEEDED, downloads each file without the key, one header line', async () => {
    server.on('POST', `/data/projects/${P}/queries/${QID}/exports`, { status: 202, json: { id: 'e1', status: 'PENDING' } });
    server.on('GET', `/data/projects/${P}/exports/e1`, { json: job('PENDING') }, { json: job('RUNNING') }, {
      json: job('SUCCEEDED', { rowCount: 3, files: [{ name: 'part-1.csv', url: link('part-1.csv'), bytes: 10 }, { name: 'part-2.csv', url: link('part-2.csv'), bytes: 10 }] }),
    });
    server.on('GET', `/data/projects/${P}/exports/e1/files/part-1.csv`, { body: 'id,name\n1,a\n2,b\n' });
    server.on('GET', `/data/projects/${P}/exports/e1/files/part-2.csv`, { body: 'id,name\n3,c\n' });
    const out = path.join(work.dir, 'export.csv');
    const r = await dgw(['query', 'export', QID, '--columns', 'id,name', '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe('id,name\n1,a\n2,b\n3,c\n');
    expect(paths()).toEqual([
      `POST /data/projects/${P}/queries/${QID}/exports`,
      `GET /data/projects/${P}/exports/e1`,
      `GET /data/projects/${P}/exports/e1`,
      `GET /data/projects/${P}/exports/e1`,
      `GET /data/projects/${P}/exports/e1/files/part-1.csv`,
      `GET /data/projects/${P}/exports/e1/files/part-2.csv`,
    ]);
    expect(server.requests[0].json).toEqual({ format: 'CSV', columns: ['id', 'name'] });
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    // The hosted service holds no poll: dgw sleeps between them, and never sends the local gateway's waitMs.
    expect(server.requests.slice(1, 4).map((r) => r.query)).toEqual([{}, {}, {}]);
    for (const download of server.requests.slice(4)) {
      expect(download.headers.authorization).toBeUndefined();
      expect(download.headers.host).toMatch(/^localhost:/);
    }
  });

  it('export get -o of a job still running waits for it, then downloads its file', async () => {
    server.on('GET', `/data/projects/${P}/exports/e1`, { json: job('RUNNING') }, { json: job('RUNNING') }, {
      json: job('SUCCEEDED', { rowCount: 1, files: [{ name: 'part-1.csv', url: link('part-1.csv'), bytes: 10 }] }),
    });
    server.on('GET', `/data/projects/${P}/exports/e1/files/part-1.csv`, { body: 'id,name\n1,a\n' });
    const out = path.join(work.dir, 'later.csv');
    const r = await dgw(['export', 'get', 'e1', '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe('id,name\n1,a\n');
    expect(paths()).toEqual([`GET /data/projects/${P}/exports/e1`, `GET /data/projects/${P}/exports/e1`, `GET /data/projects/${P}/exports/e1`, `GET /data/projects/${P}/exports/e1/files/part-1.csv`]);
  });

  it('--no-wait prints the job id; --format jsonl --gzip asks for them; export cancel DELETEs the job, then reads what became of it', async () => {
    server.on('POST', `/data/projects/${P}/queries/${QID}/exports`, { status: 202, json: { id: 'e1', status: 'PENDING' } });
    const r = await dgw(['query', 'export', QID, '--format', 'jsonl', '--gzip', '--no-wait']);
    expect([r.code, r.stdout]).toEqual([0, 'e1\n']);
    expect(server.requests[0].json).toEqual({ format: 'JSONL', compression: 'GZIP' });
    server.on('DELETE', `/data/projects/${P}/exports/e1`, { status: 204 });
    server.on('GET', `/data/projects/${P}/exports/e1`, { json: { id: 'e1', status: 'CANCELLED' } });
    const cancelled = await dgw(['export', 'cancel', 'e1', '--json']);
    expect([cancelled.code, JSON.parse(cancelled.stdout)]).toEqual([0, { id: 'e1', cancelled: true, status: 'CANCELLED' }]);
    expect(paths().slice(-2)).toEqual([`DELETE /data/projects/${P}/exports/e1`, `GET /data/projects/${P}/exports/e1`]);
  });

  it('export list and get keep what a table export names (its catalog, schema and table) and who started a job', async () => {
    const tableJob = { id: 'e2', status: 'SUCCEEDED', format: 'CSV', catalogId: '367189801096446904', schemaName: 'payment', tableName: 'charges', source: 'peaka.payment."charges"', userName: 'user@example.com', apiKeyPrefix: 'hBWIQxjc', clientSource: 'peaka-studio' };
    server.on('GET', `/data/projects/${P}/exports`, { json: [tableJob] });
    server.on('GET', `/data/projects/${P}/exports/e2`, { json: tableJob });
    const fields = 'id,queryId,catalogId,schemaName,tableName,userName,apiKeyPrefix,clientSource';
    const want = { id: 'e2', queryId: null, catalogId: '367189801096446904', schemaName: 'payment', tableName: 'charges', userName: 'user@example.com', apiKeyPrefix: 'hBWIQxjc', clientSource: 'peaka-studio' };
    const list = await dgw(['export', 'list', '--json', fields]);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([want]);
    expect(JSON.parse((await dgw(['export', 'get', 'e2', '--json', fields])).stdout)).toEqual(want);
  });

  it('a link that expired is asked for again once; expired again: exit 6, and no file left under -o', async () => {
    server.on('POST', `/data/projects/${P}/queries/${QID}/exports`, { status: 202, json: { id: 'e1', status: 'PENDING' } });
    server.on('GET', `/data/projects/${P}/exports/e1`, { json: job('SUCCEEDED', { files: [{ name: 'part-1.csv', url: link('part-1.csv'), bytes: 10 }] }) });
    const expired = { status: 403, body: '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>', headers: { 'content-type': 'application/xml' } };
    server.on('GET', `/data/projects/${P}/exports/e1/files/part-1.csv`, expired);
    const out = path.join(work.dir, 'expired.csv');
    const r = await dgw(['query', 'export', QID, '-o', out]);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/the download link of part-1.csv was refused twice, a fresh one too \(it expired\)/);
    expect(paths()).toEqual([
      `POST /data/projects/${P}/queries/${QID}/exports`,
      `GET /data/projects/${P}/exports/e1`,
      `GET /data/projects/${P}/exports/e1/files/part-1.csv`,
      `GET /data/projects/${P}/exports/e1`,
      `GET /data/projects/${P}/exports/e1/files/part-1.csv`,
    ]);
    expect(fs.readdirSync(work.dir).filter((f) => f.includes('expired'))).toEqual([]);
  });

  it('a link that expired is asked for again once, and the fresh link the service gives is the one downloaded', async () => {
    const stale = link('part-1.csv');
    const fresh = `${stale}-fresh`;
    server.on('GET', `/data/projects/${P}/exports/e1`, { json: job('SUCCEEDED', { files: [{ name: 'part-1.csv', url: stale, bytes: 8 }] }) }, { json: job('SUCCEEDED', { files: [{ name: 'part-1.csv', url: fresh, bytes: 8 }] }) });
    const expired = { status: 403, body: '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>', headers: { 'content-type': 'application/xml' } };
    server.on('GET', `/data/projects/${P}/exports/e1/files/part-1.csv`, expired, { body: 'id\n1\n2\n' });
    const out = path.join(work.dir, 'fresh.csv');
    const r = await dgw(['export', 'get', 'e1', '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe('id\n1\n2\n');
    const downloads = server.requests.filter((q) => q.path.endsWith('/files/part-1.csv'));
    expect(downloads.map((q) => q.query.signature)).toEqual(['sig-part-1.csv', 'sig-part-1.csv-fresh']);
  });

  it('a download that stops mid-file: exit 9, and no file left under -o', async () => {
    server.on('POST', `/data/projects/${P}/queries/${QID}/exports`, { status: 202, json: { id: 'e1', status: 'PENDING' } });
    server.on('GET', `/data/projects/${P}/exports/e1`, { json: job('SUCCEEDED', { files: [{ name: 'part-1.csv', url: link('part-1.csv'), bytes: 10 }] }) });
    server.on('GET', `/data/projects/${P}/exports/e1/files/part-1.csv`, { body: 'id,name\n1,a\n', truncate: true });
    const out = path.join(work.dir, 'cut.csv');
    const r = await dgw(['query', 'export', QID, '-o', out]);
    expect([r.code, r.stderr]).toEqual([9, expect.stringMatching(/the download of part-1.csv ended before it was complete/)]);
    expect(fs.readdirSync(work.dir).filter((f) => f.includes('cut'))).toEqual([]);
  });

  it('a job that FAILED is exit 10 with the service\'s reason; the export of an unknown query exit 4', async () => {
    server.on('POST', `/data/projects/${P}/queries/${QID}/exports`, { status: 202, json: { id: 'e1', status: 'PENDING' } });
    server.on('GET', `/data/projects/${P}/exports/e1`, { json: job('FAILED', { error: 'Query exceeded the 1,000,000 row export limit' }) });
    const failed = await dgw(['query', 'export', QID, '-o', path.join(work.dir, 'failed.csv')]);
    expect([failed.code, failed.stderr]).toEqual([10, expect.stringMatching(/export e1 failed: Query exceeded the 1,000,000 row export limit/)]);
    server.reset();
    server.on('POST', `/data/projects/${P}/queries/${QID}/exports`, { status: 404, json: { errorCode: 'NOT_FOUND', message: 'query not found' } });
    const unknown = await dgw(['query', 'export', QID]);
    expect(unknown.code).toBe(4);
    expect(fs.readdirSync(work.dir).filter((f) => f.includes('failed'))).toEqual([]);
  });

  it('a hosted job that FAILED on a full disk is still exit 10: the service\'s disk is not this machine\'s (DISK_FULL is the local gateway\'s exit 13 only)', async () => {
    server.on('POST', `/data/projects/${P}/queries/${QID}/exports`, { status: 202, json: { id: 'e1', status: 'PENDING' } });
    server.on('GET', `/data/projects/${P}/exports/e1`, { json: job('FAILED', { error: 'IO Error: No space left on device', errorCode: 'DISK_FULL' }) });
    const failed = await dgw(['query', 'export', QID, '-o', path.join(work.dir, 'full.csv')]);
    expect([failed.code, failed.stderr]).toEqual([10, expect.stringMatching(/export e1 failed: IO Error: No space left on device/)]);
    server.on('GET', `/data/projects/${P}/exports/e1`, { json: job('FAILED', { error: 'IO Error: No space left on device', errorCode: 'DISK_FULL' }) });
    expect((await dgw(['export', 'get', 'e1', '-o', path.join(work.dir, 'full.csv')])).code).toBe(10);
  });
});

describe('dgw sql never passes part of a result for the whole', () => {
  const execute = `/data/projects/${P}/queries/execute`;

  it('a service that says it cut the result: every row it sent printed, then exit 8 saying so (TSV and --json)', async () => {
    const answer = { columns: [{ columnName: 'n' }], data: [[1], [2], [3]], truncated: true };
    server.on('POST', execute, { json: answer });
    const tsv = await dgw(['sql', 'SELECT n FROM big']);
    expect([tsv.code, tsv.stdout]).toEqual([8, '1\n2\n3\n']);
    expect(tsv.stderr).toMatch(/the service cut the result short: it sent 3 rows and said there were more/);
    server.on('POST', execute, { json: { columns: [{ columnName: 'n' }], data: [{ n: 1 }, { n: 2 }, { n: 3 }], truncated: true } });
    const json = await dgw(['sql', 'SELECT n FROM big', '--json']);
    expect(json.code).toBe(8);
    expect(JSON.parse(json.stdout)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(json.stderr).toContain('"errorCode":"TRUNCATED"');
  });

  it('an answer that stops mid-body: the rows before it, then exit 9', async () => {
    server.on('POST', execute, { body: '{"columns":[{"columnName":"n"}],"data":[[1],[2],[3', headers: { 'content-type': 'application/json' }, truncate: true });
    const r = await dgw(['sql', 'SELECT n FROM big', '--format', 'csv']);
    expect(r.code).toBe(9);
    expect(r.stdout).toBe('n\n1\n2\n');
    expect(r.stderr).toMatch(/ended before it was complete/);
  });

  it('--guard-formulas makes spreadsheet formulas text in CSV, and is refused with any other output', async () => {
    server.on('POST', execute, { json: { columns: [{ columnName: 'v' }, { columnName: 'n' }], data: [['=HYPERLINK("x")', -5], ['+1', 2], ['-x', 3], ['@sum', 4], ['plain', 5]] } });
    const r = await dgw(['sql', 'SELECT v, n FROM t', '--format', 'csv', '--guard-formulas']);
    expect([r.code, r.stdout]).toEqual([0, 'v,n\n"\'=HYPERLINK(""x"")",-5\n+1,2\n\'-x,3\n\'@sum,4\nplain,5\n']);
    const without = await dgw(['sql', 'SELECT v, n FROM t', '--format', 'csv']);
    expect(without.stdout).toBe('v,n\n"=HYPERLINK(""x"")",-5\n+1,2\n-x,3\n@sum,4\nplain,5\n');
    // A column name is text a spreadsheet runs as well.
    server.on('POST', execute, { json: { columns: [{ columnName: '=cmd()' }, { columnName: '-5' }], data: [[1, 2]] } });
    const header = await dgw(['sql', 'SELECT * FROM t', '--format', 'csv', '--guard-formulas']);
    expect([header.code, header.stdout]).toEqual([0, "'=cmd(),-5\n1,2\n"]);
    server.reset();
    const refused = await dgw(['sql', 'SELECT 1', '--guard-formulas']);
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringMatching(/--guard-formulas goes with --format csv/)]);
    expect(server.requests).toEqual([]);
  });
});
