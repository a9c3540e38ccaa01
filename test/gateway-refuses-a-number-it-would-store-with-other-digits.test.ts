import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// The local gateway read every JSON body with plain JSON.parse, so `--param visitor=9007199254740993`
// (sent with every digit) was stored as 9007199254740992 and the view fixed the wrong visitor. A
// number a double cannot hold is now refused (exit 6) saying to send it as a string, which is kept whole.

const tmp = tempDir('dgw-body-digits-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

beforeAll(async () => {
  mkdirSync(join(tmp.dir, 'csvs'));
  writeFileSync(join(tmp.dir, 'csvs', 'visits.csv'), 'visitor,page\n9007199254740992,/home\n9007199254740993,/pricing\n');
  await dgw('connection', 'create', 'visits', '--type', 'csv', '--field', `path=${join(tmp.dir, 'csvs')}`);
});

it('a number past 2^53 is refused naming the string that keeps it; nothing is made', async () => {
  const r = await run('parametric-table', 'create', 'visits', 'main.big', '--from', 'main.visits', '--param', 'visitor=9007199254740993');
  expect(r.code, r.stderr).toBe(6);
  expect(r.stderr).toContain('the number 9007199254740993 (value) has more digits than the local gateway keeps');
  expect(r.stderr).toContain('send it as a string, "9007199254740993"');
  expect((await run('sql', 'SELECT * FROM visits.main.big')).code).not.toBe(0);
});

it('the same value as a string fixes the row with every digit', async () => {
  await dgw('parametric-table', 'create', 'visits', 'main.big_text', '--from', 'main.visits', '--param', 'visitor="9007199254740993"');
  expect(await dgw('sql', 'SELECT page FROM visits.main.big_text', '--format', 'csv')).toBe('page\n/pricing\n');
});

