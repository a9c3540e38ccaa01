import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A package.json or .dgwrc.json saved with a byte-order mark (as some Windows editors do; npm and
// Node read it) made every dgw command in the repository exit 2 on an invisible "Unexpected token";
// a .dgwrc.yaml of comments only (a template) made them exit 2 with "must hold an object"; an
// unquoted project id in YAML was "must be a string", not saying that quotes were missing.

const tmp = tempDir('dgw-pf-bom-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local') };

describe('a project file that starts with a byte-order mark', () => {
  it('is read as the same file without it: package.json, .dgwrc.json and .dgwrc', async () => {
    for (const [file, text] of [
      ['package.json', '{"name":"x","dgw":{"project":"from-bom"}}'],
      ['.dgwrc.json', '{"project":"from-bom"}'],
      ['.dgwrc', '{"project":"from-bom"}'],
    ]) {
      const repo = path.join(tmp.dir, file);
      fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
      fs.writeFileSync(path.join(repo, file), `\uFEFF${text}`);
      const r = await runInProcess(['config', 'explain'], { env, cwd: repo });
      expect(r.code, `${file}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/^projectId\tfrom-bom\tproject file/m);
    }
  });

  it('a YAML project file of comments only is no settings, as an empty one is', async () => {
    const repo = path.join(tmp.dir, 'comments');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.dgwrc.yaml'), '\uFEFF# project: 123\n# zone: eu\n');
    const r = await runInProcess(['config', 'explain'], { env, cwd: repo });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^projectId\t\\N\tdefault$/m);
  });

  it('a project id YAML reads as a number is refused with a hint to quote it', async () => {
    const repo = path.join(tmp.dir, 'number');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.dgwrc.yaml'), 'project: 709922802836177297\n');
    const r = await runInProcess(['config', 'explain'], { env, cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"project" must be a string (YAML reads an unquoted number as a number: write project: "…")');
  });
});
