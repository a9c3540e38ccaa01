import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The pass `query list --json` lays a list out with is written as WebAssembly text
// (src/commands/query/printed-list.wat) and shipped as the bytes scripts/gen-wasm.mjs assembles
// from it (printed-list-wasm.ts): the two must not drift apart.

const script = fileURLToPath(new URL('../scripts/gen-wasm.mjs', import.meta.url));
const shipped = fileURLToPath(new URL('../src/commands/query/printed-list-wasm.ts', import.meta.url));

describe('the pass shipped is the pass written', () => {
  it('printed-list-wasm.ts holds what printed-list.wat assembles to (run `node scripts/gen-wasm.mjs` after changing the .wat)', async () => {
    const { assembledSource } = (await import(pathToFileURL(script).href)) as { assembledSource(): Promise<string> };
    expect(fs.readFileSync(shipped, 'utf8')).toBe(await assembledSource());
  });
});
