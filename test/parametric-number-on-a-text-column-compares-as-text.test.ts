import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// `--param code=7` is sent as the number 7; on a text column it fixes the text "7": not "007"
// (as numbers they are equal), and a row such as "abc" does not make every read fail.

const tmp = tempDir('dgw-parametric-text-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

beforeAll(async () => {
  mkdirSync(join(tmp.dir, 'csvs'));
  writeFileSync(join(tmp.dir, 'csvs', 'codes.csv'), 'id,code\n1,007\n2,7\n3,abc\n');
  await dgw('connection', 'create', 'codes', '--type', 'csv', '--field', `path=${join(tmp.dir, 'csvs')}`);
});

it('a number fixes a text column to that text, and a number column still to the number', async () => {
  await dgw('parametric-table', 'create', 'codes', 'main.code_7', '--from', 'main.codes', '--param', 'code=7');
  expect(await dgw('sql', 'SELECT id FROM codes.main.code_7', '--format', 'csv')).toBe('id\n2\n');
  await dgw('parametric-table', 'create', 'codes', 'main.id_3', '--from', 'main.codes', '--param', 'id=3');
  expect(await dgw('sql', 'SELECT code FROM codes.main.id_3', '--format', 'csv')).toBe('code\nabc\n');
  const wrongType = await run('parametric-table', 'create', 'codes', 'main.x', '--from', 'main.codes', '--param', 'id=true');
  expect(wrongType.code).toBe(6);
});
