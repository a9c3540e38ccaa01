import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { WALKTHROUGHS } from '../vitest.config.js';

// A walkthrough takes its API shapes from the tier it runs in (test/support/walk-shapes.ts): one
// that is not in the config's WALKTHROUGHS would never walk the hosted shape, which only the slow
// tier walks.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

it('the files that take their shapes from the tier are the config\'s WALKTHROUGHS, which the slow tier runs too', () => {
  const files = fs.readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts'));
  const walking = files.filter((f) => /from '\.{1,2}(\/\.\.)?\/support\/walk-shapes\.js'/.test(fs.readFileSync(path.join(ROOT, 'test', f), 'utf8')));
  expect(walking.map((f) => `test/${f}`).sort()).toEqual([...WALKTHROUGHS].sort());
});
