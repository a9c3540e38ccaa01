import { join } from 'node:path';
import { expect } from 'vitest';
import { runAsBinaryWould, type InProcessResult } from './in-process.js';

/** dgw on the local gateway, in-process, with its own data and config folders under `dir` and an API shape. */
export interface LocalCli {
  /** Runs `dgw --zone local ARGS`, whatever its exit. */
  run: (...args: string[]) => Promise<InProcessResult>;
  /** Runs it, expects exit 0 (failing with its stderr otherwise), and gives stdout. */
  dgw: (...args: string[]) => Promise<string>;
  /** Runs it with `--json` added, expects exit 0, and parses stdout. */
  json: (...args: string[]) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function localCli(dir: string, shape: string): LocalCli {
  const env = { DGW_CONFIG_DIR: join(dir, `config-${shape}`), DGW_LOCAL_DIR: join(dir, `data-${shape}`), DGW_LOCAL_API_SHAPE: shape };
  const run = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });
  const dgw = async (...args: string[]) => {
    const r = await run(...args);
    expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
    return r.stdout;
  };
  return { run, dgw, json: async (...args: string[]) => JSON.parse(await dgw(...args, '--json')) };
}
