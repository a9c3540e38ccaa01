import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// An installed dgw names docs/auth.md, docs/errors.md and the like in its messages and its README,
// but the package shipped no docs/ (only a clone had them): every page named must be in the package.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npmBin = path.join(path.dirname(process.execPath), 'npm');
const npm = fs.existsSync(npmBin) ? npmBin : 'npm';
const npmEnv = { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` };

/** A folder holding dgw's package.json and pack script with a stand-in build, so that packing there does not rewrite the clone's dist/ under other tests. */
function packingCopy(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(dir, 'scripts'));
  fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  fs.copyFileSync(path.join(root, 'scripts', 'pack-manifest.mjs'), path.join(dir, 'scripts', 'pack-manifest.mjs'));
  fs.writeFileSync(path.join(dir, 'scripts', 'build.mjs'), '');
  return dir;
}

describe('the packed package', () => {
  it('holds every docs page and file that dgw\'s messages and README name', () => {
    const packed = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', env: npmEnv })) as Array<{ files: Array<{ path: string }> }>;
    const files = new Set(packed[0].files.map((f) => f.path));
    const named = new Set<string>();
    const sources = [path.join(root, 'README.md'), ...fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => path.join(root, 'src', f))];
    for (const file of sources) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\b(docs\/[\w./-]+\.md|CONTRIBUTING\.md)/g)) named.add(m[1]);
    }
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((n) => !files.has(n))).toEqual([]);
  });

  it('asks no install script to be approved: the packed package.json has no prepare, and packing leaves the clone\'s file as it was', () => {
    // npm 11 warned at every install of the tarball about `prepare`, which needs scripts/ (not shipped).
    const dir = packingCopy('dgw-pack-');
    try {
      execFileSync(npm, ['pack', '--pack-destination', dir], { cwd: dir, env: npmEnv, stdio: 'ignore' });
      const tarball = fs.readdirSync(dir).find((f) => f.endsWith('.tgz'));
      expect(tarball).toBeDefined();
      const manifest = JSON.parse(execFileSync('tar', ['-xzOf', path.join(dir, tarball!), 'package/package.json'], { encoding: 'utf8' })) as { scripts: Record<string, string> };
      expect(Object.keys(manifest.scripts).filter((name) => /^(preinstall|install|postinstall|prepare)$/.test(name))).toEqual([]);
      expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
      expect(fs.existsSync(path.join(dir, 'package.json.packing'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a copy left by a pack that was cut off stops the next pack, and both files stay as they were', () => {
    // Taking the old copy as the original would put it back over edits made since.
    const dir = packingCopy('dgw-pack-left-');
    try {
      fs.writeFileSync(path.join(dir, 'package.json.packing'), '{"name":"dgw","version":"0.0.1"}\n');
      expect(() => execFileSync(npm, ['pack', '--pack-destination', dir], { cwd: dir, env: npmEnv, stdio: 'pipe' })).toThrow(/left from a pack that was cut off/);
      expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
      expect(fs.readFileSync(path.join(dir, 'package.json.packing'), 'utf8')).toBe('{"name":"dgw","version":"0.0.1"}\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
