// Bundles src/ into dist/ with esbuild: one entry for the CLI, split chunks for lazily imported
// modules (commands' heavy dependencies, the local gateway), DuckDB left external (optional).
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const result = await build({
  entryPoints: { cli: 'src/cli.ts', version: 'src/version-entry.ts', 'completion-tree': 'src/completion-tree.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external: ['@duckdb/node-api'],
  define: { __DGW_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: "import { createRequire as __dgwRequire } from 'node:module'; const require = __dgwRequire(import.meta.url);" },
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
// Which source files each output holds: tests use it to tell which modules a command loaded.
writeFileSync(new URL('../dist/metafile.json', import.meta.url), JSON.stringify(result.metafile));
