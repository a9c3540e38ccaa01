// Regroups esbuild's split chunks into fewer, larger ones, with rollup, so a command loads about
// ten files instead of sixty to seventy.
//
// Why: esbuild makes one chunk for each set of lazily imported modules that share code, which for
// dgw means 176 chunks, half of them under 2 KB. Node's ES module loader costs about 0.2 to 0.4
// ms per file (resolving, reading, the compile cache, linking), and each lazy import waits for
// the one before: an in-process `dgw sql` loaded 61 files. esbuild has no option to merge chunks; rollup's
// `manualChunks` does, on esbuild's output, without recompiling anything.
//
// The groups follow the paths commands take (chunkGroups):
// - `start`: what cli.js and root.ts load before a command is chosen (commander, errors, wiring);
// - `core`: what context.ts loads, which every command that runs an action does (settings, the
//   HTTP layer, output formats), and the small helpers that several nouns or the gateway share;
// - `connect`: what finds a `dgw serve` holding the folder (the lock, the keys), so a served
//   command loads no gateway;
// - `gateway`: what the in-process local gateway loads and nothing outside src/gateway/ needs,
//   without DuckDB's JavaScript API (a chunk of its own);
// - one group per noun (`query`, `folder`, ...) for what only that noun loads, and one for each
//   set of nouns that share code (`mtquery+query`, written mtquery_query-<hash>.js).
// What stays as esbuild made it: a large bundled package (DuckDB's API, yaml, conf,
// jq), and every module loaded on demand (jq, YAML, the keychain, the pager, table layout, data
// transfer, `plan`'s runners). test/startup-imports.test.ts checks what each path must not load
// (DuckDB and the gateway for a remote command, another noun's code, those modules) and how few
// files the common commands load.

import fs from 'node:fs';
import path from 'node:path';
import { rollup } from 'rollup';

/** A shared chunk under this size, of plain helpers, joins core (see chunkGroups). */
const SMALL_HELPER = 16_000;

/** Entries that build the whole command tree: `dgw help`, and the build's own manifests. */
const WHOLE_TREE = ['src/program.ts', 'src/completion-tree.ts', 'src/commands-manifest.ts', 'src/schema-files.ts'];

/** The modules an in-process command loads the local gateway through. */
const GATEWAY = ['src/gateway/connect.ts', 'src/gateway/open-in-process.ts', 'src/gateway/duckdb.ts'];

/** A large bundled package (over 100 KB, only node_modules inside) stays its own chunk: it is loaded only where needed. */
const LARGE_PACKAGE = 100_000;

/**
 * Reads esbuild's output in `from` (with its metafile), writes the regrouped bundle to `to`, and
 * returns a metafile of the result in esbuild's shape (outputs, each with the source files it holds).
 */
export async function regroupChunks({ from, to, metafile, entries }) {
  const outputs = chunkGraph(metafile, from);
  const entryFiles = new Set(entries.map((name) => `${name}.js`));
  const groups = chunkGroups(outputs, entryFiles);
  const bundle = await rollup({
    input: Object.fromEntries(entries.map((name) => [name, path.join(from, `${name}.js`)])),
    // Everything esbuild left outside the bundle (node builtins, the native DuckDB and keychain
    // packages) stays outside; only esbuild's own files are read.
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
    // esbuild already removed dead code; rollup only moves chunks, keeping every statement.
    treeshake: false,
    plugins: [withEsbuildSourceMaps()],
    onwarn(warning, warn) {
      if (warning.code === 'CIRCULAR_DEPENDENCY') return;
      warn(warning);
    },
  });
  const { output } = await bundle.write({
    dir: to,
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name].js',
    // esbuild's names carry its own hash (chunk-X7673HDB); rollup adds one for the regrouped content.
    chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].js`,
    // Every chunk is named: rollup would otherwise move a chunk that no group claims into the first
    // group that imports it, and every other importer would then load that whole group.
    manualChunks(id) {
      const file = fromPath(from, id);
      return entryFiles.has(file) ? undefined : (groups.get(file) ?? path.basename(id, '.js'));
    },
  });
  await bundle.close();
  return resultMetafile(output, outputs, from);
}

/** esbuild's JavaScript outputs by path relative to its output folder, with their static imports and entry module. */
function chunkGraph(metafile, from) {
  const outputs = new Map();
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    const statics = out.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => fromPath(from, i.path));
    const externals = out.imports.filter((i) => i.kind === 'import-statement' && i.external).map((i) => i.path.replace(/^node:/, ''));
    outputs.set(fromPath(from, file), { ...out, statics, externals });
  }
  return outputs;
}

/** A path of esbuild's (relative to the working folder, as its metafile gives them, or absolute) relative to its output folder, with forward slashes. */
function fromPath(from, file) {
  return path.relative(from, path.resolve(file)).split(path.sep).join('/');
}

/** The bytes of code an esbuild output holds (its file also has a banner and import lines). */
function codeSize(out) {
  return Object.values(out.inputs).reduce((sum, input) => sum + input.bytesInOutput, 0);
}

/** The group (rollup manual chunk) each esbuild chunk joins; chunks not in the map keep their own file. */
function chunkGroups(outputs, entryFiles) {
  const byEntry = new Map([...outputs].filter(([, out]) => out.entryPoint).map(([file, out]) => [out.entryPoint, file]));
  const entryChunk = (source) => {
    const file = byEntry.get(source);
    if (!file) throw new Error(`regroup-chunks: esbuild made no chunk for ${source}; the groups in scripts/build/regroup-chunks.mjs need updating`);
    return file;
  };
  const closure = (starts) => {
    const seen = new Set();
    const stack = [...starts];
    while (stack.length) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...outputs.get(file).statics);
    }
    return seen;
  };
  const largePackage = (file) => {
    const out = outputs.get(file);
    return codeSize(out) > LARGE_PACKAGE && Object.keys(out.inputs).every((input) => input.startsWith('node_modules/'));
  };
  // Which entries (lazily imported modules) reach each chunk through static imports. The whole
  // tree (help, the build's manifests) loads every noun, so it owns nothing here.
  const owners = new Map();
  for (const [source, file] of byEntry) {
    if (WHOLE_TREE.includes(source)) continue;
    for (const member of closure([file])) {
      if (!owners.has(member)) owners.set(member, new Set());
      owners.get(member).add(source);
    }
  }
  const groups = new Map();
  const join = (group, files, { packages = false } = {}) => {
    for (const file of files) if (!groups.has(file) && (packages || !largePackage(file)) && !entryFiles.has(file)) groups.set(file, group);
  };
  // Loaded by every command line that reaches commander (commander itself too), and by every command that runs.
  join('start', closure([entryChunk('src/cli.ts'), entryChunk('src/root.ts')]), { packages: true });
  join('core', closure([entryChunk('src/context.ts')]));
  // The local gateway's chunks that nothing outside src/gateway/ reaches: a chunk `dgw version` or
  // a completion also needs keeps its own file, or they would load the whole gateway.
  const gatewaySide = (file) => [...(owners.get(file) ?? [])].every((owner) => owner.startsWith('src/gateway/'));
  // What connect.ts needs to reach a `dgw serve` (the lock, the keys) stays out: a served command loads no gateway.
  const toServe = closure([entryChunk('src/gateway/connect.ts')]);
  join('connect', [...toServe].filter(gatewaySide));
  join('gateway', [...closure(GATEWAY.map(entryChunk))].filter((file) => gatewaySide(file) && !toServe.has(file)));
  // The chunks only one noun reaches (not what it loads on demand: `plan`'s runner, with YAML).
  for (const [file, sources] of owners) {
    const noun = /^src\/commands\/([a-z-]+)\/index\.ts$/.exec([...sources][0])?.[1];
    if (sources.size === 1 && noun) join(noun, [file]);
  }
  // For what nouns share, a module a noun loads on demand counts as the noun.
  const nounOf = (source) => /^src\/commands\/([a-z-]+)\/[^/]+\.ts$/.exec(source)?.[1];
  // Small helpers that several nouns or the gateway share (cron, the folder tree, reading an
  // answer) join core: any command may load them for less than a file of their own costs. Not a
  // module loaded on demand (an entry), not the gateway's code or a noun's, nor a chunk that
  // would bring core a builtin or a chunk it does not load.
  const coreExternals = new Set([...groups].filter(([, g]) => g === 'start' || g === 'core').flatMap(([file]) => outputs.get(file).externals));
  const common = (source) => nounOf(source) !== undefined || ['src/root.ts', 'src/context.ts', ...GATEWAY].includes(source);
  const helper = (file) =>
    !groups.has(file) &&
    !outputs.get(file).entryPoint &&
    codeSize(outputs.get(file)) < SMALL_HELPER &&
    Object.keys(outputs.get(file).inputs).every((input) => input.startsWith('src/') && !input.startsWith('src/gateway/') && !/^src\/commands\/[^/]+\//.test(input)) &&
    outputs.get(file).externals.every((name) => coreExternals.has(name)) &&
    [...(owners.get(file) ?? [])].filter(common).length >= 2;
  for (let joined = true; joined; ) {
    joined = false;
    for (const file of outputs.keys()) {
      if (!helper(file) || !outputs.get(file).statics.every((dep) => ['start', 'core'].includes(groups.get(dep)))) continue;
      groups.set(file, 'core');
      joined = true;
    }
  }
  // Chunks only a few nouns share, a group for each such set: no command loads another noun's
  // code, or a module loaded on demand.
  for (const [file, sources] of owners) {
    const nouns = [...sources].map(nounOf);
    const names = [...new Set(nouns)].sort();
    if (nouns.every(Boolean) && names.length > 1) join(names.join('+'), [file]);
  }
  return groups;
}

/**
 * Hands rollup each esbuild chunk with its source map, so the maps of the regrouped chunks still
 * point into src/ (rollup chains them).
 */
function withEsbuildSourceMaps() {
  return {
    name: 'esbuild-source-maps',
    load(id) {
      const code = fs.readFileSync(id, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      const mapFile = `${id}.map`;
      return { code, map: fs.existsSync(mapFile) ? fs.readFileSync(mapFile, 'utf8') : null };
    },
  };
}

/** The regrouped outputs in the shape of esbuild's metafile: for each file, the source files (src/..., node_modules/...) it holds. */
function resultMetafile(output, esbuildOutputs, from) {
  const outputs = {};
  for (const item of output) {
    if (item.type !== 'chunk') continue;
    const inputs = {};
    for (const id of Object.keys(item.modules)) {
      const esbuildOut = esbuildOutputs.get(fromPath(from, id));
      for (const [input, info] of Object.entries(esbuildOut?.inputs ?? {})) inputs[input] = info;
    }
    outputs[`dist/${item.fileName}`] = {
      inputs,
      imports: [...item.imports.map((p) => ({ path: p, kind: 'import-statement' })), ...item.dynamicImports.map((p) => ({ path: p, kind: 'dynamic-import' }))],
      bytes: Buffer.byteLength(item.code),
    };
  }
  return { outputs };
}
