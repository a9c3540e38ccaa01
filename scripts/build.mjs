// Bundles src/ into dist/ with esbuild: one entry for the CLI, split chunks for lazily imported
// modules (commands' heavy dependencies, the local gateway), which rollup then regroups into a few
// larger chunks along the paths commands take (scripts/build/regroup-chunks.mjs). DuckDB's JavaScript API
// (@duckdb/node-api, about 180 small CommonJS files, a third of an in-process command's time to
// load) is bundled into the gateway's chunk; its native part (@duckdb/node-bindings, an optional
// dependency) and the keychain's stay external, loaded from node_modules when present.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash } from './build/inputs.mjs';
import { regroupChunks } from './build/regroup-chunks.mjs';

/** Gives a chunk `require`: bundled CommonJS code (DuckDB's API, esbuild's helper) calls it. */
const REQUIRE_BANNER = "import { createRequire as __dgwRequire } from 'node:module'; const require = __dgwRequire(import.meta.url);";

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// The build is skipped when dist/ was made from these very inputs: npm ci's prepare has just built
// it, and npm test, docs, schemas, completions and bench each build first. The stamp goes with dist/
// at the start, so a build cut short leaves none.
const stamp = join(root, 'dist', 'build-inputs.sha256');
const inputs = inputsHash(root);
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) {
  console.log('dist/ is up to date with src/ (no build needed)');
  process.exit(0);
}
rmSync(join(root, 'dist'), { recursive: true, force: true });
const entryPoints = { cli: 'src/cli.ts', 'completion-tree': 'src/completion-tree.ts', 'commands-manifest': 'src/commands-manifest.ts', 'schema-files': 'src/schema-files.ts', 'docs-pages': 'src/docs-pages.ts' };
// esbuild writes to a folder of its own; dist/ gets rollup's regrouped chunks.
const staging = mkdtempSync(join(tmpdir(), 'dgw-build-'));
process.on('exit', () => rmSync(staging, { recursive: true, force: true }));
const result = await build({
  entryPoints,
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external: ['@duckdb/node-bindings', '@napi-rs/keyring'],
  define: { __DGW_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: REQUIRE_BANNER },
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
const metafile = await regroupChunks({ from: staging, to: fileURLToPath(new URL('../dist', import.meta.url)), metafile: result.metafile, entries: Object.keys(entryPoints) });
// jq's WebAssembly (for --jq) ships next to the bundle as the binary it is; src/output/jq.ts reads it.
copyFileSync(createRequire(import.meta.url).resolve('jq-wasm/jq.wasm'), new URL('../dist/jq.wasm', import.meta.url));

// Which source files each output holds: tests use it to tell which modules a command loaded.
writeFileSync(new URL('../dist/metafile.json', import.meta.url), JSON.stringify(metafile));

// What the root help shows of each top-level command: with it, `dgw help` (and `dgw --help` on a
// terminal) renders without loading any command's code (src/root.ts, rootForHelp).
const { commandSummaries } = await import(new URL('../dist/commands-manifest.js', import.meta.url).href);
writeFileSync(new URL('../dist/commands.json', import.meta.url), `${JSON.stringify(await commandSummaries(), null, 1)}\n`);
writeFileSync(stamp, inputs);
