import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A path given as a number or a list is named as such, not reported missing.
const tmp = tempDir('dgw-conn-path-type-');
afterAll(() => tmp.remove());
const { run } = localCli(tmp.dir, 'spec');

it.each([
  ['5', 'a number'],
  ['["a.csv"]', 'a list'],
  ['true', 'a boolean'],
])('connection create with {"path": %s} says the path is text, not %s', async (value, what) => {
  const file = path.join(tmp.dir, 'connection.json');
  fs.writeFileSync(file, `{"path": ${value}}`);
  const r = await run('connection', 'create', 'visits', '--type', 'csv', '--from-file', file);
  expect(r.code).toBe(6);
  expect(r.stderr).toContain(`credential.path of a csv connection is text (a csv file, a folder of them, or a glob), not ${what}`);
});

it('connection create with no path still says it needs one', async () => {
  const r = await run('connection', 'create', 'visits', '--type', 'csv', '--field', 'path=');
  expect(r.stderr).toContain('a csv connection needs credential.path');
});
