import { closeSync, constants, existsSync, openSync, readdirSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../../src/gateway/app.js';
import { RecordCounter } from '../../src/gateway/csv-answer.js';
import { withoutSecretFolder } from '../../src/gateway/transfer/secret-folder.js';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// The CSV answer's named pipe, exports and uploads live in the project's folder of files in
// transit, the one folder its DuckDB may reach. SQL from another request could bind a path there
// (`read_json_auto('<the pipe>')`) and drain the stream before the sandbox refused the statement.
// Now that folder has a secret name SQL cannot learn, a statement naming the transfer folder is
// refused before it is bound, and a CSV answer that lost rows on the way fails, never looks whole.

const dir = tempDir('dgw-transfer-reach-');
let g: TestGateway;
let app: ReturnType<typeof createGatewayApp>;
let root: string;
beforeAll(async () => {
  g = await openGateway({ dataDir: dir.dir });
  app = createGatewayApp(g.gateway);
  root = join(dir.dir, 'transfer');
});
afterAll(async () => {
  await g.close();
  dir.remove();
});

const execute = (statement: string, accept = 'application/json') =>
  app.request(`/api/v1${P}/queries/execute?format=COMPACT`, {
    method: 'POST',
    headers: { authorization: `Bearer ${g.partnerKey}`, 'content-type': 'application/json', accept },
    body: JSON.stringify({ statement }),
  });

const ROWS = 300_000;
const VICTIM = `SELECT i AS n, 'row ' || i AS label FROM range(${ROWS}) t(i)`;
const secret = () => g.gateway.transferDir('demo');

/** Ways another client might name the files in transit, spelled out, built at run time, or inside query(). */
function attacks(): string[] {
  const half = Math.floor(root.length / 2);
  const split = `'${root.slice(0, half)}' || '${root.slice(half)}`;
  return [
    `SELECT * FROM read_json_auto('${root}/demo/*/streams/*.csv')`,
    `SELECT * FROM read_csv('${root}/demo/streams/*.csv')`,
    `SELECT * FROM read_text(${split}/demo/*/streams/*')`,
    `SELECT * FROM read_json_auto(${split}/demo/t-*/streams/*.csv')`,
    `SELECT * FROM read_blob(${split}/**')`,
    `SELECT * FROM glob(${split}/demo/*')`,
    `SELECT * FROM query('SELECT * FROM read_text(''' || ${split}/demo/*/*/*' || ''')')`,
    `SELECT * FROM '${root}/demo/exports/*/*.csv'`,
    `SELECT * FROM read_text('${dirname(root)}/transfer/../transfer/demo/*/uploads/*')`,
  ];
}

describe('no statement reaches the files in transit', () => {
  it("a CSV answer being streamed: every way to name its pipe is refused, and the answer has all its rows", async () => {
    const victim = await execute(VICTIM, 'text/csv');
    expect(victim.status).toBe(200);
    const reader = victim.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    // The victim reads no more: its COPY waits on a full pipe while the others try.
    for (const statement of attacks()) {
      const res = await execute(statement);
      const body = await res.text();
      expect(res.status, `${statement}\n${body}`).toBe(400);
      expect(body, statement).toMatch(/out of reach|Permission Error/);
      expect(body, statement).not.toContain('row ');
      expect(body, statement).not.toContain(secret());
    }
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.split('\n');
    expect(lines[0]).toBe('n,label');
    expect(lines).toHaveLength(ROWS + 2);
    expect(lines[ROWS]).toBe(`${ROWS - 1},row ${ROWS - 1}`);
  });

  it('a statement that names the transfer folder is refused before it is bound: EXPORT DATABASE makes no folder there', async () => {
    for (const statement of [`EXPORT DATABASE '${root}/demo/dump'`, `COPY svc.table.orders TO '${root}/demo/out.csv'`, `ATTACH '${root}/demo/x.duckdb'`]) {
      const res = await execute(statement);
      expect(res.status, statement).toBe(400);
      expect(await res.text(), statement).toContain("the gateway's folder of files in transit");
    }
    expect(readdirSync(join(root, 'demo'))).toEqual([secret().split('/').pop()]);
    // Written so that the text does not name it, DuckDB itself refuses (its folder is not the secret one).
    const res = await execute(`EXPORT DATABASE '${dirname(root)}/./transfer/demo/dump'`);
    expect(res.status).toBe(400);
    expect(existsSync(join(root, 'demo', 'dump'))).toBe(false);
  });

  it("a saved query's SQL that names it is refused as it is saved", async () => {
    const res = await g.call('POST', `${P}/queries`, { body: { displayName: 'thief', inputQuery: `SELECT * FROM read_text('${root}/demo/*/streams/*')` } });
    expect(res.status).toBe(400);
    expect(res.text).toContain("the gateway's folder of files in transit");
  });

  it('messages never carry the secret folder name', () => {
    const name = `t-${'0123456789abcdef'.repeat(2)}`;
    expect(withoutSecretFolder(`IO Error: could not write "/data/transfer/demo/${name}/exports/7/a.csv.part"`)).toBe('IO Error: could not write "/data/transfer/demo/exports/7/a.csv.part"');
    expect(withoutSecretFolder(`at /data/transfer/demo/${name}`)).toBe('at /data/transfer/demo');
  });
});

describe('a CSV answer that lost rows on the way', () => {
  it('fails, never ends as if whole, when something else read from its pipe', async () => {
    const victim = await execute(VICTIM, 'text/csv');
    const reader = victim.body!.getReader();
    await reader.read();
    // The folder's owner (this test) finds the pipe and takes what is in it, as a thief would.
    const streams = join(secret(), 'streams');
    const [pipe] = readdirSync(streams);
    const fd = openSync(join(streams, pipe), constants.O_RDONLY | constants.O_NONBLOCK);
    let stolen = 0;
    try {
      const buffer = Buffer.alloc(1 << 16);
      for (let tries = 0; stolen === 0 && tries < 1000; tries++) {
        try {
          stolen += readSync(fd, buffer);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
          await new Promise((r) => setImmediate(r));
        }
      }
    } finally {
      closeSync(fd);
    }
    expect(stolen).toBeGreaterThan(0);
    const rest = (async () => {
      for (;;) if ((await reader.read()).done) return;
    })();
    await expect(rest).rejects.toThrow();
  });

  it('counts records across chunks, with line ends and doubled quotes inside quoted fields', () => {
    const text = 'a,"x\ny",1\n"say ""hi""\n",2\nplain,3\n"",4\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const counter = new RecordCounter();
      counter.add(Buffer.from(text.slice(0, cut)));
      counter.add(Buffer.from(text.slice(cut)));
      expect(counter.records, `cut at ${cut}`).toBe(4);
    }
    const bytewise = new RecordCounter();
    for (const byte of Buffer.from(text)) bytewise.add(Buffer.of(byte));
    expect(bytewise.records).toBe(4);
  });
});
