import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A repository someone clones may carry a `.dgwrc.js` or `dgw.config.ts`: dgw must never run it
// (cosmiconfig's default loaders would, on every command, Tab completion and `dgw plan` included).
// Each code file here writes a marker file when run; the marker must never appear.

const temps: Array<{ remove: () => void }> = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

/** A checkout: package.json (where the search stops), `code` at `place`, and with `json` a .dgwrc.json too. */
function checkout(place: string, json?: string): { root: string; marker: string; env: Record<string, string> } {
  const t = tempDir('dgw-pf-');
  temps.push(t);
  const root = path.join(t.dir, 'repo');
  const marker = path.join(t.dir, 'ran');
  fs.mkdirSync(path.join(root, '.config'), { recursive: true });
  fs.writeFileSync(path.join(root, 'package.json'), '{"name":"cloned"}');
  if (json !== undefined) fs.writeFileSync(path.join(root, '.dgwrc.json'), json);
  const code = `globalThis.process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\nexport default { project: 'from-code' };\n`;
  fs.writeFileSync(path.join(root, place), place.endsWith('.cjs') || place.endsWith('.cts') ? code.replace('export default', 'module.exports =') : code);
  return { root, marker, env: { DGW_CONFIG_DIR: path.join(t.dir, 'config'), DGW_LOCAL_DIR: path.join(t.dir, 'local') } };
}

const CODE_PLACES = ['.dgwrc.js', '.dgwrc.cjs', '.dgwrc.mjs', '.dgwrc.ts', '.config/dgwrc.js', 'dgw.config.js', 'dgw.config.cjs', 'dgw.config.mjs', 'dgw.config.ts'];

describe('a project file that is code is named in a warning and never run', () => {
  it.each(CODE_PLACES)('%s: not run, named in a warning, its settings not taken', async (place) => {
    const { root, marker, env } = checkout(place);
    const r = await runInProcess(['config', 'explain'], { env, cwd: root });
    expect(r.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    expect(r.stderr).toContain(`warning: ignored ${path.join(root, place)}: dgw reads project settings only from JSON or YAML`);
    expect(r.stdout).toMatch(/^projectId\t\\N\tdefault$/m);
  });

  it('a JSON project file beside a code file still applies', async () => {
    const { root, marker, env } = checkout('.dgwrc.js', '{"project":"from-json"}');
    const r = await runInProcess(['config', 'explain'], { env, cwd: root });
    expect(fs.existsSync(marker)).toBe(false);
    expect(r.stderr).toContain(`ignored ${path.join(root, '.dgwrc.js')}`);
    expect(r.stdout).toMatch(/^projectId\tfrom-json\tproject file .*\.dgwrc\.json$/m);
  });

  it('found from a folder below the checkout, too', async () => {
    const { root, marker, env } = checkout('dgw.config.mjs');
    fs.mkdirSync(path.join(root, 'src', 'deep'), { recursive: true });
    const r = await runInProcess(['config', 'explain'], { env, cwd: path.join(root, 'src', 'deep') });
    expect(r.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    expect(r.stderr).toContain(`ignored ${path.join(root, 'dgw.config.mjs')}`);
  });

  it("cosmiconfig's own meta configuration (.config/config.cjs in the working folder) is not run either", async () => {
    // cosmiconfig reads it from the process's working folder: a spawned dgw started there.
    const { root, marker, env } = checkout('.config/config.cjs', '{"project":"from-json"}');
    const r = await runDgw(['config', 'explain'], { env, cwd: root });
    expect(r.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    expect(r.stdout).toMatch(/^projectId\tfrom-json\t/m);
  });

  it('a JSON project file cannot pull code in through "$import": it is an unknown setting, exit 2', async () => {
    const { root, marker, env } = checkout('evil.js', '{"$import":"./evil.js","project":"p"}');
    const r = await runInProcess(['config', 'explain'], { env, cwd: root });
    expect(r.code).toBe(2);
    expect(fs.existsSync(marker)).toBe(false);
    expect(r.stderr).toMatch(/unknown setting\(s\): \$import/);
  });

  it('Tab completion in such a checkout runs nothing and prints nothing on stderr', async () => {
    const { root, marker, env } = checkout('.dgwrc.cjs');
    const r = await runInProcess(['__complete', '--', 'query', 'get', ''], { env: { ...env, DGW_ZONE: 'local' }, cwd: root });
    expect(r.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    expect(r.stderr).toBe('');
  });

  it('dgw plan (the README\'s pull-request step) runs nothing', async () => {
    const { root, marker, env } = checkout('.dgwrc.js');
    fs.mkdirSync(path.join(root, 'queries'));
    const r = await runInProcess(['plan'], { env: { ...env, DGW_ZONE: 'local' }, cwd: root });
    expect(fs.existsSync(marker)).toBe(false);
    expect(r.stderr).toContain(`ignored ${path.join(root, '.dgwrc.js')}`);
    expect(r.code).toBe(0);
  });

  it('YAML and package.json#dgw project files are read as before', async () => {
    const { root, env } = checkout('dgw.config.js');
    fs.writeFileSync(path.join(root, '.config', 'dgwrc.yaml'), 'project: from-yaml\n');
    expect((await runInProcess(['config', 'explain'], { env, cwd: root })).stdout).toMatch(/^projectId\tfrom-yaml\tproject file .*dgwrc\.yaml$/m);
    fs.writeFileSync(path.join(root, 'package.json'), '{"name":"cloned","dgw":{"project":"from-package"}}');
    expect((await runInProcess(['config', 'explain'], { env, cwd: root })).stdout).toMatch(/^projectId\tfrom-package\tproject file .*package\.json$/m);
  });

  it('a project file that is neither JSON nor YAML is named, exit 2', async () => {
    const { root, env } = checkout('dgw.config.js', '{"project": ');
    const r = await runInProcess(['config', 'explain'], { env, cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: project file ${path.join(root, '.dgwrc.json')} cannot be read`);
  });
});
