import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A change that makes a SQL name stop existing breaks the saved queries whose SQL reads it. Every
// verb that does so names them before it asks, in the question and in `--dry-run --with-reads`:
// query update --materialized (ends svc.query.<name>), --plain (ends svc.mtquery.<name>), --name,
// query rm, table rm and folder rm --force. On the local gateway, in-process.

const tmp = tempDir('dgw-breaks-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '' };
const dgw = (argv: string[], options: { interactive?: boolean; input?: string } = {}) => runInProcess(argv, { env, cwd: tmp.dir, ...options });
const ok = async (argv: string[]) => {
  const r = await dgw(argv);
  expect(r.code, `dgw ${argv.join(' ')}\n${r.stderr}`).toBe(0);
  return r.stdout;
};

interface Listed {
  name: string;
  queryType: string;
}
const queries = async () => JSON.parse(await ok(['query', 'list', '--json'])) as Listed[];
const typeOf = async (name: string) => (await queries()).find((q) => q.name === name)?.queryType;
const names = async () => (await queries()).map((q) => q.name);
const tables = async () => (JSON.parse(await ok(['table', 'list', '--json'])) as Array<{ tableName: string }>).map((t) => t.tableName);

beforeAll(async () => {
  await ok(['query', 'create', 'conv', '--sql', 'SELECT 1 AS x']);
  await ok(['query', 'create', 'reads_conv', '--sql', 'SELECT x FROM svc.query.conv']);
  await ok(['mtquery', 'create', 'snap', '--sql', 'SELECT 1 AS x']);
  await ok(['query', 'create', 'reads_snap', '--sql', 'SELECT x FROM svc.mtquery.snap']);
  await ok(['query', 'create', 'ren', '--sql', 'SELECT 1 AS x']);
  await ok(['query', 'create', 'reads_ren', '--sql', 'SELECT x FROM svc.query.ren']);
  await ok(['query', 'create', 'gone', '--sql', 'SELECT 1 AS x']);
  await ok(['query', 'create', 'reads_gone', '--sql', 'SELECT x FROM svc.query.gone']);
  await ok(['table', 'create', 'doomed', '-c', 'a:BIGINT']);
  await ok(['query', 'create', 'reads_doomed', '--sql', 'SELECT a FROM svc.table.doomed']);
  await ok(['query', 'create', 'inside', '--sql', 'SELECT 1 AS x', '--path', '/old', '--parents']);
  await ok(['query', 'create', 'reads_inside', '--sql', 'SELECT x FROM svc.query.inside']);
});

describe('query update --materialized ends svc.query.<name>', () => {
  const update = ['query', 'update', 'conv', '--materialized'];

  it('without --yes and without a terminal it names the reader and refuses; the query stays plain', async () => {
    const r = await dgw(update);
    // Refused after the reads that found the reader: exit 14, nothing changed.
    expect(r.code).toBe(14);
    expect(r.stderr).toContain('svc.query.conv stops existing');
    expect(r.stderr).toMatch(/refusing to update query conv, breaking 1 saved query that reads it \(reads_conv\) without confirmation: pass --yes/);
    expect(await typeOf('conv')).toBe('PLAIN');
  });

  it('asks on a terminal, naming the reader; "n" is exit 2 and nothing changes', async () => {
    const r = await dgw(update, { interactive: true, input: 'n\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('1 saved query reads svc.query.conv and will fail when next run or refreshed:');
    expect(r.stderr).toContain('Update query conv, breaking 1 saved query that reads it (reads_conv)? [y/N]');
    expect(r.stderr).toContain('nothing was changed');
    expect(await typeOf('conv')).toBe('PLAIN');
  });

  it('--dry-run --with-reads names the reader as an effect and changes nothing', async () => {
    const r = await dgw([...update, '--dry-run', '--with-reads', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).effects).toMatchObject({ typeChange: { from: 'PLAIN', to: 'MATERIALIZED' }, ends: ['svc.query.conv'], readers: [{ name: 'reads_conv' }] });
    expect(await typeOf('conv')).toBe('PLAIN');
  });

  it('--yes converts it, saying who breaks; the reader then fails', async () => {
    const r = await dgw([...update, '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).queryType).toBe('MATERIALIZED');
    expect(r.stderr).toMatch(/reads svc\.query\.conv and will fail[^\n]*\n[^\n]*reads_conv \(plain\)/);
    expect((await dgw(['query', 'run', 'reads_conv'])).code).not.toBe(0);
  });
});

describe('query update --plain ends svc.mtquery.<name>', () => {
  const update = ['query', 'update', 'snap', '--plain'];

  it('without --yes and without a terminal it refuses, naming the reader', async () => {
    const r = await dgw(update);
    expect(r.code).toBe(14);
    expect(r.stderr).toContain('(reads_snap)');
    expect(await typeOf('snap')).toBe('MATERIALIZED');
  });

  it('"n" on a terminal is exit 2, nothing changed', async () => {
    const r = await dgw(update, { interactive: true, input: 'n\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Update query snap, breaking 1 saved query that reads it (reads_snap)? [y/N]');
    expect(await typeOf('snap')).toBe('MATERIALIZED');
  });

  it('--dry-run --with-reads names the reader', async () => {
    const r = await dgw([...update, '--dry-run', '--with-reads']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('svc.mtquery.snap stops existing');
    expect(r.stdout).toContain('reads_snap (plain)');
    expect(await typeOf('snap')).toBe('MATERIALIZED');
  });

  it('--yes converts it', async () => {
    const r = await dgw([...update, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('reads_snap (plain)');
    expect(await typeOf('snap')).toBe('PLAIN');
  });
});

describe('query update --name ends the old SQL name', () => {
  const update = ['query', 'update', 'ren', '--name', 'Renamed'];

  it('without --yes and without a terminal it refuses, naming the reader; the name stays', async () => {
    const r = await dgw(update);
    expect(r.code).toBe(14);
    expect(r.stderr).toContain('(reads_ren)');
    expect(await names()).toContain('ren');
  });

  it('"n" on a terminal is exit 2, the name stays; --dry-run --with-reads names the reader', async () => {
    const no = await dgw(update, { interactive: true, input: 'n\n' });
    expect(no.code).toBe(2);
    expect(no.stderr).toContain('Update query ren, breaking 1 saved query that reads it (reads_ren)? [y/N]');
    const dry = await dgw([...update, '--dry-run', '--with-reads', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).effects).toMatchObject({ rename: { from: 'ren', to: 'renamed' }, ends: ['svc.query.ren'], readers: [{ name: 'reads_ren' }] });
    expect(await names()).toContain('ren');
  });

  it('"y" on a terminal renames it', async () => {
    const r = await dgw(update, { interactive: true, input: 'y\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(await names()).toContain('renamed');
  });
});

describe('query rm', () => {
  it('without --yes and without a terminal it refuses before reading, pointing at --dry-run --with-reads', async () => {
    const r = await dgw(['query', 'rm', 'gone']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('`dgw query rm gone --dry-run --with-reads` names the saved queries that would break');
    expect(await names()).toContain('gone');
  });

  it('asks on a terminal, naming the reader; "n" is exit 2 and the query stays', async () => {
    const r = await dgw(['query', 'rm', 'gone'], { interactive: true, input: 'n\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('1 saved query reads svc.query.gone and will fail when next run or refreshed:\n  reads_gone (plain)');
    expect(r.stderr).toContain('Delete query gone, breaking 1 saved query that reads it (reads_gone)? [y/N]');
    expect(await names()).toContain('gone');
  });

  it('--dry-run --with-reads names the reader and deletes nothing', async () => {
    const r = await dgw(['query', 'rm', 'gone', '--dry-run', '--with-reads', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).effects).toMatchObject({ ends: ['svc.query.gone'], readers: [{ name: 'reads_gone', reads: ['svc.query.gone'] }] });
    expect(await names()).toContain('gone');
  });

  it('--yes with an id no query has beside a name is exit 4 before anything is deleted', async () => {
    const r = await dgw(['query', 'rm', 'gone', '999999999999999999', '--yes']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('query 999999999999999999 not found');
    expect(await names()).toContain('gone');
  });

  it('--yes deletes it, and says who breaks (the name lookup read the list anyway)', async () => {
    const r = await dgw(['query', 'rm', 'gone', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('reads_gone (plain)');
    expect(await names()).not.toContain('gone');
  });
});

describe('table rm', () => {
  it('without --yes and without a terminal it refuses, pointing at --dry-run --with-reads', async () => {
    const r = await dgw(['table', 'rm', 'doomed']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('`dgw table rm doomed --dry-run --with-reads` names the saved queries that would break');
    expect(await tables()).toContain('doomed');
  });

  it('asks on a terminal, naming the reader; a wrong answer is exit 2 and the table stays', async () => {
    const r = await dgw(['table', 'rm', 'doomed'], { interactive: true, input: 'n\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('1 saved query reads svc.table.doomed and will fail when next run or refreshed:\n  reads_doomed (plain)');
    expect(r.stderr).toContain('This will delete table doomed and all its data, breaking 1 saved query that reads it (reads_doomed). It cannot be undone.');
    expect(await tables()).toContain('doomed');
  });

  it('--dry-run --with-reads names the reader and deletes nothing', async () => {
    const r = await dgw(['table', 'rm', 'doomed', '--dry-run', '--with-reads']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('This would delete table doomed and all its data, breaking 1 saved query that reads it (reads_doomed).');
    expect(await tables()).toContain('doomed');
  });

  it('--yes deletes it', async () => {
    const r = await dgw(['table', 'rm', 'doomed', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(await tables()).not.toContain('doomed');
  });
});

describe('folder rm --force', () => {
  it('without --yes and without a terminal it refuses, pointing at --dry-run --with-reads', async () => {
    const r = await dgw(['folder', 'rm', '/old', '--force']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('`dgw folder rm /old --force --dry-run --with-reads` names the saved queries that would break');
    expect(await names()).toContain('inside');
  });

  it('asks on a terminal, naming the reader outside the folder; "n" is exit 2 and nothing goes', async () => {
    const r = await dgw(['folder', 'rm', '/old', '--force'], { interactive: true, input: 'n\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('1 saved query reads svc.query.inside and will fail when next run or refreshed:\n  reads_inside (plain)');
    expect(r.stderr).toContain('Delete folder /old with its 1 query, breaking 1 saved query that reads it (reads_inside)? [y/N]');
    expect(await names()).toContain('inside');
  });

  it('--dry-run --with-reads names the reader and deletes nothing', async () => {
    const r = await dgw(['folder', 'rm', '/old', '--force', '--dry-run', '--with-reads', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).effects).toMatchObject({ ends: ['svc.query.inside'], readers: [{ name: 'reads_inside' }] });
    expect(await names()).toContain('inside');
  });

  it('--yes deletes the folder and its query', async () => {
    const r = await dgw(['folder', 'rm', '/old', '--force', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(await names()).not.toContain('inside');
  });
});

describe('the BI table and cache verbs name the queries that break too', () => {
  beforeAll(async () => {
    await ok(['bitable', 'create', 'bidoomed', '-c', 'a:BIGINT', '-c', 'b:BIGINT']);
    await ok(['query', 'create', 'reads_bidoomed', '--sql', 'SELECT a, b FROM svc.bitable.bidoomed']);
    await ok(['cache', 'create', 'orders']);
    await ok(['query', 'create', 'reads_cache', '--sql', 'SELECT count(*) AS n FROM svc.cache.orders']);
  });
  const biTables = async () => (JSON.parse(await ok(['bitable', 'list', '--json'])) as Array<{ tableName: string }>).map((t) => t.tableName);

  it('bitable drop-column asks on a terminal naming the reader; a wrong answer keeps the column', async () => {
    const r = await dgw(['bitable', 'drop-column', 'bidoomed', 'b'], { interactive: true, input: 'n\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('1 saved query reads bidoomed.b and will fail when next run or refreshed:\n  reads_bidoomed (plain): names b');
    expect((JSON.parse(await ok(['bitable', 'list', 'bidoomed', '--json'])) as Array<{ name: string }>).map((c) => c.name)).toEqual(['a', 'b']);
  });

  it('bitable rm refuses without a terminal, names the reader with --dry-run --with-reads, and goes with --yes', async () => {
    const refused = await dgw(['bitable', 'rm', 'bidoomed']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('`dgw bitable rm bidoomed --dry-run --with-reads` names the saved queries that would break');
    const dry = await dgw(['bitable', 'rm', 'bidoomed', '--dry-run', '--with-reads']);
    expect(dry.stdout).toContain('This would delete BI table bidoomed and all its data, breaking 1 saved query that reads it (reads_bidoomed).');
    expect(await biTables()).toContain('bidoomed');
    await ok(['bitable', 'rm', 'bidoomed', '--yes']);
    expect(await biTables()).not.toContain('bidoomed');
  });

  it('cache rm names the queries that read its copy (svc.cache.<table>) before asking', async () => {
    const asked = await dgw(['cache', 'rm', 'orders'], { interactive: true, input: 'n\n' });
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('1 saved query reads svc.cache.orders and will fail when next run or refreshed:\n  reads_cache (plain)');
    const dry = await dgw(['cache', 'rm', 'orders', '--dry-run', '--with-reads']);
    expect(dry.stdout).toContain('breaking 1 saved query that reads it (reads_cache)');
    await ok(['cache', 'rm', 'orders', '--yes']);
    expect(JSON.parse(await ok(['cache', 'list', '--json']))).toEqual([]);
  });
});
