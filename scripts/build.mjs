// Bundles src/ into dist/ with esbuild: one entry for the CLI, split chunks for lazily imported
// modules (commands' heavy dependencies, the local gateway), DuckDB left external (optional).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
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

// The root help exactly as a pipe gets it (80 columns, no colour), rendered by the built CLI
// itself: bin/dgw.js prints it for `dgw --help` when stdout is not a terminal. If it cannot be
// rendered here, there is no file and help is always rendered at run time.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_')));
const help = spawnSync(process.execPath, [new URL('../bin/dgw.js', import.meta.url).pathname, '--help'], { env, encoding: 'utf8' });
if (help.status === 0 && help.stdout.startsWith('Usage: dgw')) writeFileSync(new URL('../dist/help.txt', import.meta.url), help.stdout);
