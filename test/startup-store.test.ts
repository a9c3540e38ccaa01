import fs from 'node:fs';
import path from 'node:path';
import { cosmiconfig } from 'cosmiconfig';
import { afterEach, describe, expect, it } from 'vitest';
import { mayHaveProjectFile } from '../src/config/project-file.js';
import { ProfileStore, readStoreFile } from '../src/config/store.js';
import { tempDir } from './support/dgw.js';

// The start-up path reads settings without conf and skips cosmiconfig when no project file can
// exist. Both shortcuts must agree with the libraries they stand in for.

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
    ['an array', '[]'],
    ['null', 'null'],
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
    store.write({ currentProfile: 'x', profiles: { x: { apiKey: 'secret', zone: 'default' } } });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    // A key written without a binding gets the one it resolves to (key-binding.ts).
    expect(readStoreFile(dir)).toEqual({ currentProfile: 'x', profiles: { x: { apiKey: 'secret', zone: 'default', keyBoundTo: 'https://partner.peaka.studio/api/v1' } } });
  });
});

describe('mayHaveProjectFile never misses a project file cosmiconfig would find', () => {
  // Each layout: files relative to a temporary root (which holds no package.json), and the folder searched from.
  const layouts: Array<[string, Record<string, string>, string]> = [
    ['nothing at all', {}, 'a/b'],
    ['.dgwrc in the folder', { 'a/.dgwrc': 'project: p\n' }, 'a'],
    ['.dgwrc.json two levels up', { 'a/.dgwrc.json': '{"project":"p"}' }, 'a/b/c'],
    ['.dgwrc.yaml', { '.dgwrc.yaml': 'zone: eu\n' }, '.'],
    ['.config/dgwrc.json', { 'a/.config/dgwrc.json': '{"project":"p"}' }, 'a/b'],
    ['dgw.config.cjs', { 'dgw.config.cjs': 'module.exports = { project: "p" };' }, '.'],
    ['package.json with a dgw key', { 'a/package.json': '{"name":"x","dgw":{"project":"p"}}' }, 'a/b'],
    ['package.json without one (the search stops there)', { 'a/package.json': '{"name":"x"}' }, 'a/b'],
    ['a .dgwrc above the package root is not searched', { '.dgwrc.json': '{"project":"p"}', 'a/package.json': '{"name":"x"}' }, 'a/b'],
    ['an unrelated .config folder', { 'a/.config/other.json': '{}' }, 'a'],
  ];
  for (const [label, files, from] of layouts) {
    it(label, async () => {
      const root = fresh();
      for (const [rel, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      }
      const cwd = path.join(root, from);
      fs.mkdirSync(cwd, { recursive: true });
      const found = await cosmiconfig('dgw', { searchStrategy: 'project', cache: false }).search(cwd);
      const may = mayHaveProjectFile(cwd);
      if (found && !found.isEmpty) expect(may).toBe(true);
      // The shortcut is only worth having if it says no when nothing is there.
      if (Object.keys(files).length === 0 || label.startsWith('package.json without') || label.startsWith('an unrelated')) expect(may).toBe(false);
    });
  }
});
