import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// Every control character (U+0000 to U+001F and U+007F) in every text field a write takes: each
// write is either refused with 400 (naming the field) or acknowledged and then really there,
// exactly as sent, also after a restart; and the next write, from another key, always works.

const CONTROLS = [...Array.from({ length: 32 }, (_, i) => i), 0x7f];
const hex = (code: number) => code.toString(16).padStart(2, '0');

let data: ReturnType<typeof tempDir>;
let g: TestGateway;
/** Checks of every acknowledged write, run again after the restart. */
const acknowledged: Array<{ what: string; verify: () => Promise<void> }> = [];
let writes = 0;

beforeAll(async () => {
  data = tempDir();
  g = await openGateway({ dataDir: data.dir });
});
afterAll(async () => {
  await g.close();
  data.remove();
});

type Reply = Awaited<ReturnType<TestGateway['call']>>;

/**
 * The rule for one write: acknowledged (2xx) and verified, or 400 with a message naming the field
 * (DuckDB's own SQL_ERROR counts as naming it for SQL text); then the next write must work.
 */
async function judge(what: string, r: Reply, field: RegExp, verify: () => Promise<void>, sql = false): Promise<void> {
  if (r.status >= 200 && r.status < 300) {
    await verify();
    acknowledged.push({ what, verify });
  } else {
    expect(r.status, `${what}: ${r.text}`).toBe(400);
    if (!(sql && r.body.errorCode === 'SQL_ERROR')) expect(r.body.message, what).toMatch(field);
  }
  await nextWriteWorks(what);
}

/** A plain create with the demo project's own key (another caller), read back at once. */
async function nextWriteWorks(after: string): Promise<void> {
  const displayName = `Next write ${++writes}`;
  const r = await g.call('POST', `${P}/queries`, { key: g.demoKey, body: { displayName, inputQuery: 'SELECT 7 AS seven' } });
  expect(r.status, `the write after ${after}: ${r.text}`).toBe(200);
  const verify = async () => {
    const back = await g.call('GET', `${P}/queries/${r.body.id}`);
    expect(back.status, `${displayName} after ${after}`).toBe(200);
    expect(back.body.displayName).toBe(displayName);
  };
  await verify();
  acknowledged.push({ what: `${displayName} (after ${after})`, verify });
}

async function queryHas(id: string, fields: Record<string, unknown>): Promise<void> {
  const back = await g.call('GET', `${P}/queries/${id}`);
  expect(back.status, back.text).toBe(200);
  expect(back.body).toMatchObject(fields);
}

async function runById(id: string): Promise<unknown[]> {
  const r = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { id } });
  expect(r.status, r.text).toBe(200);
  return r.body.data;
}

async function folderNamed(id: string, name: string): Promise<void> {
  const back = await g.call('GET', `${P}/queries/folders/${id}`);
  expect(back.status, back.text).toBe(200);
  expect(back.body.name).toBe(name);
}

async function plainQuery(displayName: string): Promise<string> {
  const r = await g.call('POST', `${P}/queries`, { body: { displayName, inputQuery: 'SELECT 1 AS one' } });
  expect(r.status, r.text).toBe(200);
  return r.body.id;
}

async function folder(name: string): Promise<string> {
  const r = await g.call('POST', `${P}/queries/folders`, { body: { folderName: name } });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

describe.each(CONTROLS.map((code) => [hex(code).toUpperCase(), code] as const))('U+00%s', (h, code) => {
  const c = String.fromCharCode(code);

  it('in displayName', async () => {
    const displayName = `Ctl ${h} x${c}y`;
    const r = await g.call('POST', `${P}/queries`, { body: { displayName, inputQuery: 'SELECT 1 AS one' } });
    await judge(`displayName with U+00${h}`, r, /displayName/, () => queryHas(r.body.id, { displayName }));
  });

  it.each(['PLAIN', 'MATERIALIZED'])('in inputQuery (%s), inside a string and at the end', async (queryType) => {
    const inside = `SELECT 'x${c}y' AS v`;
    const a = await g.call('POST', `${P}/queries`, { body: { displayName: `In ${h} ${queryType}`, queryType, inputQuery: inside } });
    await judge(`a ${queryType} inputQuery with U+00${h} in a string`, a, /inputQuery/, async () => {
      await queryHas(a.body.id, { inputQuery: inside });
      expect(await runById(a.body.id)).toEqual([[`x${c}y`]]);
    }, true);

    const atEnd = `SELECT 42 AS a${c}`;
    const b = await g.call('POST', `${P}/queries`, { body: { displayName: `End ${h} ${queryType}`, queryType, inputQuery: atEnd } });
    await judge(`a ${queryType} inputQuery ending in U+00${h}`, b, /inputQuery/, async () => {
      await queryHas(b.body.id, { inputQuery: atEnd });
      expect(await runById(b.body.id)).toEqual([[42]]);
    }, true);
  });

  it('in displayName and inputQuery of an update', async () => {
    const id = await plainQuery(`Update target ${h}`);
    const displayName = `Updated ${h} x${c}y`;
    const a = await g.call('PUT', `${P}/queries/${id}`, { body: { displayName } });
    await judge(`an updated displayName with U+00${h}`, a, /displayName/, () => queryHas(id, { displayName }));
    const inputQuery = `SELECT 'u${c}v' AS v`;
    const b = await g.call('PUT', `${P}/queries/${id}`, { body: { inputQuery } });
    await judge(`an updated inputQuery with U+00${h}`, b, /inputQuery/, async () => {
      await queryHas(id, { inputQuery });
      expect(await runById(id)).toEqual([[`u${c}v`]]);
    }, true);
  });

  it('in a path: of a create, an update, a query move and a folder move', async () => {
    const path = `/ctl/p${h}${c}q`;
    const a = await g.call('POST', `${P}/queries`, { body: { displayName: `Path ${h}`, inputQuery: 'SELECT 1', path } });
    await judge(`a create's path with U+00${h}`, a, /path/, () => queryHas(a.body.id, { path }));
    const id = await plainQuery(`Move target ${h}`);
    const b = await g.call('PUT', `${P}/queries/${id}`, { body: { path } });
    await judge(`an update's path with U+00${h}`, b, /path/, () => queryHas(id, { path }));
    const m = await g.call('PATCH', `${P}/queries/${id}/path`, { body: { path: `/moved${c}/${h}` } });
    await judge(`a query move's path with U+00${h}`, m, /path/, () => queryHas(id, { path: `/moved${c}/${h}` }));
    const f = await folder(`to move ${h}`);
    const fm = await g.call('PATCH', `${P}/queries/folders/${f}/path`, { body: { path: `/parent${c}${h}` } });
    await judge(`a folder move's path with U+00${h}`, fm, /path/, async () => {
      const tree = await g.call('GET', `${P}/queries/folders`);
      expect(JSON.stringify(tree.body)).toContain(JSON.stringify(`parent${c}${h}`));
    });
  });

  it('in a folder name: create at the root, create inside a folder, rename', async () => {
    const name = `f${h}${c}g`;
    const a = await g.call('POST', `${P}/queries/folders`, { body: { folderName: name } });
    await judge(`folderName with U+00${h}`, a, /folder ?name/i, () => folderNamed(a.body.id, name));
    const parent = await folder(`parent ${h}`);
    const b = await g.call('POST', `${P}/queries/folders/${parent}`, { body: { folderName: name } });
    await judge(`a child's folderName with U+00${h}`, b, /folder ?name/i, () => folderNamed(b.body.id, name));
    const r = await g.call('PATCH', `${P}/queries/folders/${parent}/name`, { body: { name } });
    await judge(`a folder rename with U+00${h}`, r, /name/, () => folderNamed(parent, name));
  });

  it('in a column name: create a table, add a column', async () => {
    const column = `c${h}${c}d`;
    const columnsOf = async (table: string) => (await g.call('GET', `${P}/table/${table}/columns`)).body.map((x: { name: string }) => x.name);
    const a = await g.call('POST', `${P}/table/ctl_${h}`, { body: { columns: [{ name: column, dataType: 'VARCHAR' }] } });
    await judge(`a column name with U+00${h}`, a, /column/, async () => expect(await columnsOf(`ctl_${h}`)).toContain(column));
    const t = await g.call('POST', `${P}/table/plain_${h}`, { body: { columns: [{ name: 'id', dataType: 'BIGINT' }] } });
    expect(t.status, t.text).toBe(200);
    const b = await g.call('POST', `${P}/table/plain_${h}/columns`, { body: [{ name: column, dataType: 'BIGINT' }] });
    await judge(`an added column's name with U+00${h}`, b, /column/, async () => expect(await columnsOf(`plain_${h}`)).toContain(column));
  });

  it('in a column default', async () => {
    const defaultValue = `d${h}${c}e`;
    const r = await g.call('POST', `${P}/table/dflt_${h}`, { body: { columns: [{ name: 'v', dataType: 'VARCHAR', defaultValue }, { name: 'n', dataType: 'BIGINT' }] } });
    if (r.status === 200) await g.call('POST', `${P}/queries/execute`, { body: { statement: `INSERT INTO svc.table.dflt_${h} (n) VALUES (1)` } });
    await judge(`a column default with U+00${h}`, r, /defaultValue/, async () => {
      const rows = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: `SELECT v FROM svc.table.dflt_${h} WHERE n = 1` } });
      expect(rows.body.data, rows.text).toEqual([[defaultValue]]);
    });
  });

  it('in an API key name', async () => {
    const name = `key ${h}${c}`;
    const r = await g.call('POST', '/projects/demo/apiKeys', { body: { name } });
    await judge(`a key name with U+00${h}`, r, /name/, async () => {
      const keys = await g.call('GET', '/projects/demo/apiKeys');
      expect(keys.body.map((k: { name: string }) => k.name)).toContain(name);
    });
  });

  it('in a run-SQL statement', async () => {
    const r = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: `SELECT 'x${c}y' AS v` } });
    if (r.status === 200) expect(r.body.data).toEqual([[`x${c}y`]]);
    else {
      expect(r.status, r.text).toBe(400);
      if (r.body.errorCode !== 'SQL_ERROR') expect(r.body.message).toMatch(/statement/);
    }
    await nextWriteWorks(`a statement with U+00${h}`);
  });
});

describe('after a restart', () => {
  it('every acknowledged write is still there, and writes still work', async () => {
    expect(acknowledged.length).toBeGreaterThan(CONTROLS.length * 10);
    await g.close();
    g = await openGateway({ dataDir: data.dir });
    for (const { what, verify } of acknowledged) {
      try {
        await verify();
      } catch (error) {
        throw new Error(`lost after the restart: ${what}: ${(error as Error).message}`, { cause: error });
      }
    }
    await nextWriteWorks('the restart');
  });

  it('the exact repro: a NUL at the end of the SQL is refused, names inputQuery, and loses nothing', async () => {
    const before = (await g.call('GET', `${P}/queries`)).body.length;
    const r = await g.call('POST', `${P}/queries`, { body: { displayName: 'N', inputQuery: 'SELECT 2 AS x\u0000' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/inputQuery/);
    expect(r.body.message).toMatch(/NUL/);
    await nextWriteWorks('the repro');
    expect((await g.call('GET', `${P}/queries`)).body.length).toBe(before + 1);
  });
});
