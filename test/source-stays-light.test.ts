import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue #29's rules for the source: comments say why in a sentence or two (under 10% of the
// non-blank lines), and the machinery it deleted does not come back.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const sources = tracked.filter((file) => file.startsWith('src/') && file.endsWith('.ts'));

describe('the source stays light', () => {
  it('comment lines are under 10% of the non-blank lines of src/', () => {
    let lines = 0;
    let comments = 0;
    for (const file of sources) {
      for (const line of fs.readFileSync(path.join(root, file), 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        lines += 1;
        if (/^\s*(\/\/|\/\*|\*)/.test(line)) comments += 1;
      }
    }
    expect(sources.length).toBeGreaterThan(100);
    expect(comments / lines, `${comments} comment lines of ${lines}`).toBeLessThan(0.1);
  });

  it('holds no WebAssembly text, pre-rendered help or runtime V8 flags', () => {
    expect(tracked.filter((file) => /\.wat$|(^|\/)help\.txt$/.test(file))).toEqual([]);
    const code = tracked.filter((file) => /^(src|bin|scripts)\/.*\.(ts|js|mjs|cjs)$/.test(file));
    const flagged = code.filter((file) => /setFlagsFromString|--expose-gc/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(flagged).toEqual([]);
  });
});
