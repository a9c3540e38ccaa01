import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAsBinaryWould } from '../support/in-process.js';
import { tempDir } from './helpers.js';
import { walkShapes } from '../support/walk-shapes.js';

// The commands for the document's operations, end to end on the local gateway as a user runs them
// (the built binary, in-process, temporary data and config folders), in both API shapes.

const tmp = tempDir('dgw-new-commands-');
afterAll(() => tmp.remove());

for (const shape of walkShapes) {
  describe(`on the local gateway in the ${shape} shape`, () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, `config-${shape}`), DGW_LOCAL_DIR: join(tmp.dir, `data-${shape}`), DGW_LOCAL_API_SHAPE: shape };
    const run = (args: string[], extra: Record<string, string> = {}) => runAsBinaryWould(['--zone', 'local', ...args], { env: { ...env, ...extra } });
    const dgw = async (...args: string[]) => {
      const r = await run(args);
      expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
      return r.stdout;
    };
    const json = async (...args: string[]) => JSON.parse(await dgw(...args, '--json'));

    it('query mv, folder view, tree, rename and move', async () => {
      const q = await json('query', 'create', 'Mover', '--sql', 'SELECT 1 AS one');
      expect(q.id).toMatch(/^[1-9]\d{17}$/);
      await dgw('query', 'mv', q.id, '/a/b', '--parents');
      expect((await json('query', 'get', q.id)).path).toBe('/a/b');

      const a = await json('folder', 'view', '/a');
      expect(a).toMatchObject({ name: 'a', path: '/a', folders: [{ name: 'b', path: '/a/b' }], queries: [] });
      expect((await json('folder', 'view', '/a/b')).queries.map((x: { id: string }) => x.id)).toEqual([q.id]);

      const tree = await json('folder', 'tree', '--queries');
      expect(tree).toEqual([{ id: a.id, name: 'a', path: '/a', queries: [], children: [{ id: expect.any(String), name: 'b', path: '/a/b', children: [], queries: [expect.objectContaining({ id: q.id, name: 'mover' })] }] }]);
      // Counts show where the answer carries query ids (the seed's shape); the document's tree has queries only when asked.
      expect(await dgw('folder', 'tree', '/a')).toMatch(shape === 'spec' ? /^a\/ \(0 queries\) {2}\S+\n {2}b\/ \(1 query\) {2}\S+\n$/ : /^a\/ {2}\S+\n {2}b\/ {2}\S+\n$/);

      await dgw('folder', 'rename', '/a/b', 'bee');
      expect((await json('query', 'get', 'mover')).path).toBe('/a/bee');
      await dgw('folder', 'create', '/archive');
      await dgw('folder', 'move', '/a/bee', '/archive');
      expect((await json('query', 'get', 'mover')).path).toBe('/archive/bee');
      await dgw('folder', 'move', '/archive/bee', '/old/2025', '--parents');
      expect((await json('query', 'get', 'mover')).path).toBe('/old/2025');
      await dgw('query', 'mv', 'mover', '/');
      expect((await json('query', 'get', 'mover')).path).toBeNull();
    });

    it('mtquery cancel', async () => {
      await dgw('mtquery', 'create', 'To Cancel', '--sql', 'SELECT count(*) AS n FROM svc.table.orders');
      await dgw('mtquery', 'cancel', 'tocancel');
      expect((await json('mtquery', 'status', 'tocancel')).status).toBe('COMPLETED');
    });

    it('table create, add-column, list, rm', async () => {
      await dgw('table', 'create', 'events', '--column', 'id:BIGINT', '-c', 'note:VARCHAR');
      expect((await json('table', 'list')).map((t: { tableName: string }) => t.tableName)).toContain('events');
      await dgw('table', 'add-column', 'events', 'ok:BOOLEAN', 'amount:DECIMAL');
      expect(await dgw('table', 'list', 'events')).toBe('id\tbigint\tfalse\tfalse\t\\N\nnote\tvarchar\tfalse\tfalse\t\\N\nok\tboolean\tfalse\tfalse\t\\N\namount\tdecimal(18,3)\tfalse\tfalse\t\\N\n');
      await dgw('sql', 'INSERT INTO svc.table.events VALUES (1, \'x\', true, 2.5)');
      await dgw('table', 'create', 'hollow');
      expect(await dgw('table', 'list', 'hollow')).toBe('');
      const refused = await run(['table', 'rm', 'events']);
      expect(refused.code).toBe(2);
      await dgw('table', 'rm', 'events', '--yes');
      await dgw('table', 'rm', 'hollow', '--yes');
      expect((await json('table', 'list')).map((t: { tableName: string }) => t.tableName)).not.toContain('events');
      expect((await run(['sql', 'SELECT * FROM svc.table.events'])).code).toBe(6);
    });

    it('key create (the secret works once stored nowhere but stdout), list, rm; project list', async () => {
      const secret = (await dgw('key', 'create', 'ci', '--expires', '30d')).trim();
      expect(secret).toMatch(/^\S{20,}$/);
      const keys = await json('key', 'list');
      const ci = keys.find((k: { name: string }) => k.name === 'ci');
      expect(ci).toMatchObject({ apiKey: null, expiresAt: expect.any(String) });
      expect(JSON.stringify(keys)).not.toContain(secret);
      expect((await run(['catalog', 'list'], { DGW_API_KEY: secret })).code).toBe(0);
      // Organizations and projects are the partner key's: the gateway refuses a project key (403).
      expect((await run(['project', 'list'], { DGW_API_KEY: secret })).code).toBe(3);
      await dgw('key', 'rm', 'ci', '--yes');
      expect((await run(['catalog', 'list'], { DGW_API_KEY: secret })).code).toBe(3);

      expect(await dgw('project', 'list', '-q')).toBe('demo\n');
      expect(await json('project', 'list')).toEqual([expect.objectContaining({ id: 'demo', name: 'demo', workspaceName: 'Local', organizationName: 'Local' })]);
    });
  });
}
