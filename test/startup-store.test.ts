import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileStore, readStoreFile, tightenStoreMode } from '../src/config/store.js';
import { tempDir } from './support/dgw.js';

// The start-up path reads settings without conf: the shortcut must agree with conf.

const temps: Array<{ remove: () => void }> = [];
const fresh = () => {
  const t = tempDir('dgw-store-');
  temps.push(t);
  return t.dir;
};
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

describe('readStoreFile reads the user store as conf does', () => {
  const contents: Array<[string, string | undefined]> = [
    ['no file', undefined],
    ['two profiles', JSON.stringify({ currentProfile: 'eu', profiles: { eu: { zone: 'eu', apiKey: 'k1' }, dev: { baseUrl: 'http://127.0.0.1:1/api/v1' } } })],
    ['an empty object', '{}'],
    ['profiles only', JSON.stringify({ profiles: { a: { projectId: 'p' } } })],
    ['conf bookkeeping keys', JSON.stringify({ __internal__: { migrations: { version: '1.0.0' } }, profiles: {} })],
  ];
  for (const [label, text] of contents) {
    it(`${label}: same data as conf`, async () => {
      const viaConf = fresh();
      const direct = fresh();
      if (text !== undefined) {
        fs.writeFileSync(path.join(viaConf, 'config.json'), text, { mode: 0o600 });
        fs.writeFileSync(path.join(direct, 'config.json'), text, { mode: 0o600 });
      }
      const expected = (await ProfileStore.open(viaConf)).read();
      expect(readStoreFile(direct)).toEqual(expected);
    });
  }

  it.each([
    ['an array', '[{"profiles":{"work":{"apiKey":"abcdefghijkl"}}}]', 'it is not a JSON object'],
    ['null', 'null', 'it is not a JSON object'],
    ['a string', '"hello"', 'it is not a JSON object'],
    ['a key that is a number', '{"profiles":{"default":{"apiKey":12345678901}}}', '"apiKey" of profile "default" is not text'],
    ['an output that is a number', '{"profiles":{"default":{"output":7}}}', '"output" of profile "default" is not text'],
    ['a zone that is a number', '{"profiles":{"default":{"zone":5}}}', '"zone" of profile "default" is not text'],
  ])('%s is damage, named, and left as it is (never read as an empty store the next write replaces)', async (_label, text, problem) => {
    const dir = fresh();
    const file = path.join(dir, 'config.json');
    fs.writeFileSync(file, text, { mode: 0o600 });
    expect(() => readStoreFile(dir)).toThrow(`${file} is damaged: ${problem}`);
    await expect(ProfileStore.open(dir)).rejects.toThrow(`${file} is damaged: ${problem}`);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it('invalid JSON fails the same way read directly and through conf: the file named as damaged, with the parse error', async () => {
    const dir = fresh();
    fs.writeFileSync(path.join(dir, 'config.json'), '{"profiles": {', { mode: 0o600 });
    const damaged = new RegExp(`^${path.join(dir, 'config.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged: it is not JSON \\(.+\\)$`);
    await expect(ProfileStore.open(dir)).rejects.toThrow(damaged);
    expect(() => readStoreFile(dir)).toThrow(damaged);
  });

  it('reading creates nothing; a write through conf still makes a 0600 file in a 0700 folder that reads back', async () => {
    const dir = path.join(fresh(), 'dgw');
    expect(readStoreFile(dir)).toEqual({ profiles: {} });
    expect(fs.existsSync(dir)).toBe(false);
    const store = await ProfileStore.open(dir);
    await store.update(() => ({ currentProfile: 'x', profiles: { x: { apiKey: 'secret', zone: 'default' } } }));
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    // A key written without a binding gets the one it resolves to (key-binding.ts).
    expect(readStoreFile(dir)).toEqual({ currentProfile: 'x', profiles: { x: { apiKey: 'secret', zone: 'default', keyBoundTo: 'https://partner.peaka.studio/api/v1' } } });
  });
});

describe('opening the store', () => {
  // conf wrote a file lacking its defaults as it opened, outside the settings lock: eight logins at
  // once on a new machine lost three profiles, each login exit 0 (seen at load 20).
  it('writes nothing, whether there is no file yet or one without profiles', async () => {
    const absent = path.join(fresh(), 'dgw');
    await ProfileStore.open(absent);
    expect(fs.existsSync(path.join(absent, 'config.json'))).toBe(false);
    const dir = fresh();
    const file = path.join(dir, 'config.json');
    fs.writeFileSync(file, '{"currentProfile":"x"}', { mode: 0o600 });
    const store = await ProfileStore.open(dir);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"currentProfile":"x"}');
    expect(store.read()).toEqual({ currentProfile: 'x', profiles: {} });
  });
});

describe('a store others may read', () => {
  it('is made 0600 again when read, with a warning when it holds a key', () => {
    const dir = fresh();
    const file = path.join(dir, 'config.json');
    const withKey = { profiles: { work: { apiKey: 'abcdefghijklmnop' } } };
    fs.writeFileSync(file, JSON.stringify(withKey), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    expect(tightenStoreMode(dir, readStoreFile(dir))).toMatch(/could be read by other users \(mode 644\), with the API keys it holds: it is 0600 now/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(tightenStoreMode(dir, readStoreFile(dir))).toBeUndefined();
    fs.writeFileSync(file, JSON.stringify({ profiles: { local: { zone: 'local' } } }));
    fs.chmodSync(file, 0o640);
    expect(tightenStoreMode(dir, readStoreFile(dir))).toBeUndefined();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
