import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { spawnServe } from '../gateway/helpers.js';
import { runDgw, tempDir } from '../support/dgw.js';
import { createQueries, expectAllPresent, filesStartingWith, localDgw, type Acknowledged } from '../support/local-faults.js';

// Damaged files of dgw's own: the local gateway's keys.json and gateway.lock, the user's
// config.json. A file that cannot be read is named, with the parse error and what to do (exit
// 13, never "a bug in dgw"); nothing acknowledged before is lost, and putting the file right
// brings everything back.

const tmp = tempDir('dgw-damaged-settings-');
afterAll(() => tmp.remove());

let data: string;
let config: string;
let dgw: ReturnType<typeof localDgw>;
let acknowledged: Acknowledged[];

beforeEach(async () => {
  const root = fs.mkdtempSync(path.join(tmp.dir, 'case-'));
  data = path.join(root, 'data');
  config = path.join(root, 'config');
  dgw = localDgw(data, config);
  acknowledged = await createQueries(dgw, 'kept', 2);
});

const NOT_A_BUG = /a bug in dgw|unexpected failure/;

describe('keys.json', () => {
  const DAMAGES: Array<[string, string, RegExp]> = [
    ['cut off mid-way', '{"partnerKey": "dgw_partner_x", ', /is damaged: it is not JSON \(.*JSON.*\)/],
    ['a list, not an object', '[]', /is damaged: it does not hold a JSON object/],
    ['without its partner key', '{"projectKeys": []}', /is damaged: it has no partner key/],
    ['with projectKeys that is not a list', '{"partnerKey": "dgw_partner_x", "projectKeys": 5}', /is damaged: "projectKeys" is not a list/],
  ];

  it.each(DAMAGES)('%s: exit 13 naming the file and the parse error, and nothing is lost (item 13: was exit 1, "a bug in dgw")', async (_what, text, problem) => {
    const file = path.join(data, 'keys.json');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text);
    const r = await dgw(['query', 'list', '--json']);
    expect(r.code, r.stderr).toBe(13);
    // With --json, stderr is the one error object (#16).
    const { error } = JSON.parse(r.stderr);
    expect(error).toMatchObject({ kind: 'local_fault', errorCode: 'DAMAGED_FILE' });
    expect(error.message.startsWith(`${file} is damaged`), error.message).toBe(true);
    expect(error.message).toMatch(problem);
    expect(error.hint).toMatch(/^restore it from a backup; or move it aside/);
    expect(r.stderr).not.toMatch(NOT_A_BUG);
    // Left as found, and the lock released.
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(filesStartingWith(data, 'gateway.lock')).toEqual([]);

    fs.writeFileSync(file, good);
    await expectAllPresent(dgw, acknowledged);
  });

  it('dgw serve on a damaged keys.json exits 13 naming it (item 13)', async () => {
    const file = path.join(data, 'keys.json');
    fs.writeFileSync(file, '{');
    await expect(spawnServe(data, config)).rejects.toThrow(/exited with 13: .*keys\.json is damaged/s);
  });

  it('moved aside as the hint says: a new partner key, and the queries are all there', async () => {
    const file = path.join(data, 'keys.json');
    fs.writeFileSync(file, 'garbage');
    fs.renameSync(file, `${file}.damaged`);
    await expectAllPresent(dgw, acknowledged);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).partnerKey).toMatch(/^dgw_partner_/);
  });
});

describe('config.json (the user store)', () => {
  const DAMAGES: Array<[string, string, RegExp]> = [
    ['cut off mid-way', '{"profiles": {', /is damaged: it is not JSON \(.*JSON.*\)/],
    ['with a profile that is not an object', '{"profiles": {"default": 5}}', /is damaged: profile "default" is not an object/],
  ];

  it.each(DAMAGES)('%s: exit 13 naming the file and the parse error, for a command that reads it and for one that writes it (item 13)', async (_what, text, problem) => {
    const file = path.join(config, 'config.json');
    fs.mkdirSync(config, { recursive: true });
    fs.writeFileSync(file, text);
    const read = await dgw(['query', 'list']);
    expect(read.code, read.stderr).toBe(13);
    expect(read.stderr).toContain(`error: ${file} is damaged`);
    expect(read.stderr).toMatch(problem);
    expect(read.stderr).not.toMatch(NOT_A_BUG);
    const write = await runDgw(['auth', 'login', '--zone', 'local', '--with-token'], { input: 'dgw_partner_x\n', env: { DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: data } });
    expect(write.code, write.stderr).toBe(13);
    expect(write.stderr).toContain(`error: ${file} is damaged`);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);

    fs.rmSync(file);
    await expectAllPresent(dgw, acknowledged);
  });
});

describe('gateway.lock', () => {
  it.each([
    ['empty', ''],
    ['cut off mid-way', '{"pid": 12'],
    ['not a lock', '{"hello": "world"}'],
  ])('%s: it cannot be a live dgw\'s (a lock appears whole), so it is replaced and the command works', async (_what, text) => {
    fs.writeFileSync(path.join(data, 'gateway.lock'), text);
    // A lock judged live would be waited for 10 s and then refused (exit 12): the command working is the proof.
    await expectAllPresent(dgw, acknowledged);
    expect(filesStartingWith(data, 'gateway.lock')).toEqual([]);
  });
});
