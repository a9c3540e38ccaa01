import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Static } from 'typebox';
import type * as O from '../../contract/results.js';

/** What is installed of DuckDB, found without loading it: `version`'s duckdb field. */
export type DuckDBInstall = Static<typeof O.VersionInfo>['duckdb'];

/** Finds DuckDB's native part by module resolution, as loading it would, reading only package.json files. */
export function findDuckDB(from: string = import.meta.url): DuckDBInstall {
  let entry: string;
  try {
    entry = createRequire(from).resolve('@duckdb/node-bindings');
  } catch {
    return { present: false, version: null, binding: null };
  }
  const version = packageVersion(entry, '@duckdb/node-bindings');
  const binding = nativeBinding(entry);
  return { present: binding !== null, version, binding };
}

/** The platform's native binding package, resolved as @duckdb/node-bindings resolves it; null when absent. */
function nativeBinding(bindingsEntry: string): string | null {
  const require = createRequire(bindingsEntry);
  const candidates = [`@duckdb/node-bindings-${process.platform}-${process.arch}`, `@duckdb/node-bindings-${process.platform}-${process.arch}-musl`];
  return candidates.find((name) => canResolve(require, `${name}/package.json`)) ?? null;
}

function canResolve(require: NodeJS.Require, specifier: string): boolean {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/** The version in the package.json of the package `file` belongs to. */
function packageVersion(file: string, name: string): string | null {
  let dir = path.dirname(file);
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    try {
      const pkg = JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? null;
    } catch {
      // no package.json here; keep climbing
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
