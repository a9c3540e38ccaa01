import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { FakeProject } from './support/fake-project.js';
import { useStandIn } from './support/stand-in.js';

// A service answering a query whose path has a `..` segment (`/../../escape`) beside a query in /a:
// pull made some directories, then stopped with exit 1 (a bug in dgw) before writing the query of
// /a, and plan said "No changes", never naming the odd query. Such a path is the service's fault,
// found as the answer is read: exit 8 naming the query, nothing written.

const { server, dgw } = useStandIn('proj-1');
let project: FakeProject;
let work: ReturnType<typeof tempDir>;

beforeEach(() => {
  work = tempDir('dgw-pull-dot-');
  project = new FakeProject(server, 'proj-1').serve();
  project.add({ name: 'normal', inputQuery: 'SELECT 1', path: '/a' });
});
afterEach(() => work.remove());

function answerPath(queryPath: string) {
  project.queries.push({ ...project.queries[0], id: '900000000000000001', name: 'evil', displayName: 'evil', path: queryPath, folderId: null });
}

describe('a query path from the service with a . or .. segment', () => {
  for (const queryPath of ['/../../escape', '/a/./b', '/a//b']) {
    it(`pull of ${queryPath} is exit 8 naming the query, and writes nothing`, async () => {
      answerPath(queryPath);
      const r = await dgw(['pull'], { cwd: work.dir });
      expect(r.code, r.stderr).toBe(8);
      expect(r.stderr).toContain(`query "evil" with the path ${JSON.stringify(queryPath)}`);
      expect(fs.readdirSync(work.dir)).toEqual([]);
      expect(fs.existsSync(path.join(work.dir, '..', 'escape'))).toBe(false);
    });
  }

  it('plan says the same', async () => {
    answerPath('/../../escape');
    fs.mkdirSync(path.join(work.dir, 'queries'));
    const r = await dgw(['plan'], { cwd: work.dir });
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toContain('query "evil" with the path "/../../escape"');
  });

  it('a path with a trailing slash is the folder it names', async () => {
    answerPath('/b/');
    const r = await dgw(['pull'], { cwd: work.dir });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(path.join(work.dir, 'queries', 'b', 'evil.sql'))).toBe(true);
  });
});
