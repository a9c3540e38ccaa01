import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// An installed dgw names docs/auth.md, docs/errors.md and the like in its messages and its README,
// but the package shipped no docs/ (only a clone had them): every page named must be in the package.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the packed package', () => {
  it('holds every docs page and file that dgw\'s messages and README name', () => {
    const npm = path.join(path.dirname(process.execPath), 'npm');
    const packed = JSON.parse(execFileSync(fs.existsSync(npm) ? npm : 'npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` } })) as Array<{ files: Array<{ path: string }> }>;
    const files = new Set(packed[0].files.map((f) => f.path));
    const named = new Set<string>();
    const sources = [path.join(root, 'README.md'), ...fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => path.join(root, 'src', f))];
    for (const file of sources) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\b(docs\/[\w./-]+\.md|CONTRIBUTING\.md)/g)) named.add(m[1]);
    }
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((n) => !files.has(n))).toEqual([]);
  }, 60_000);
});
