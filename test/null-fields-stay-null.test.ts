import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Column } from '../src/output/format.js';

// The one CSV rule: NULL and '' differ in every writer (TSV \N against an empty field, CSV an empty
// field against ""). A column that showed a missing value as '' made `connection get`, `cache get`,
// `metadata status` and others print a missing URL or time as the empty string.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const commands = path.join(root, 'src/commands');
const sources = fs.readdirSync(commands, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && /Column</.test(fs.readFileSync(path.join(commands, f), 'utf8')));

/** A record whose every field is missing: any field read gives undefined, any nested read too. */
const missing: object = new Proxy({}, { get: () => undefined });

describe('columns of command output', () => {
  it.each(sources)('%s shows a missing value as missing, never as the empty string', async (file) => {
    const module = (await import(path.join(commands, file))) as Record<string, unknown>;
    const columns = Object.values(module).filter((v): v is Column<object>[] => Array.isArray(v) && v.every((c) => typeof c === 'object' && c !== null && 'field' in c));
    for (const column of columns.flat()) {
      if (!column.show) continue;
      let shown: unknown;
      try {
        shown = column.show(missing);
      } catch {
        continue; // a column that needs its value (a required field) is not this test's concern
      }
      expect(shown, `${file}: ${column.field}`).not.toBe('');
    }
  });
});
