import type { Command } from 'commander';
import type { Static } from 'typebox';
import { configDir } from '../../config/store.js';
import type * as O from '../../contract/results.js';
import type { Context } from '../../context.js';
import { localDataDir } from '../../gateway/paths.js';
import type { Column } from '../../output/format.js';
import { VERSION } from '../../version.js';
import { examples, type Wiring } from '../wiring.js';
import { findDuckDB, type DuckDBInstall } from './duckdb-install.js';

/** What `dgw version` reports (`--json` prints it as is). */
export type VersionInfo = Static<typeof O.VersionInfo>;

const FIELDS: Column<VersionInfo>[] = [
  { field: 'version' },
  { field: 'node' },
  { field: 'platform' },
  { field: 'arch' },
  { field: 'duckdb', show: (v) => describeDuckDB(v.duckdb) },
  { field: 'configDir', kind: 'text' },
  { field: 'localDataDir', kind: 'text' },
];

export function registerVersion(program: Command, wiring: Wiring): void {
  program
    .command('version')
    .description('Show the version of dgw, Node.js, the platform, whether DuckDB is installed, and the config folder')
    .addHelpText(
      'after',
      `${examples('dgw version', 'dgw version --json', 'dgw --version              # the number alone')}
DuckDB (the local gateway's engine) is found, not loaded: "installed" means --zone local can use it.
`,
    )
    .action(wiring.action(runVersion));
}

export async function runVersion(ctx: Context, _opts: object): Promise<void> {
  const info: VersionInfo = {
    version: VERSION,
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    duckdb: findDuckDB(),
    configDir: configDir(ctx.env),
    localDataDir: localDataDir(ctx.env),
  };
  await ctx.out.record(info, FIELDS, (v) => v.version);
}

function describeDuckDB(d: DuckDBInstall): string {
  if (d.present) return `${d.version ?? 'unknown version'} (installed)`;
  if (d.version) return `${d.version}, but no native binding for ${process.platform}-${process.arch} (--zone local cannot run)`;
  return 'not installed (--zone local needs the optional dependency @duckdb/node-api)';
}
