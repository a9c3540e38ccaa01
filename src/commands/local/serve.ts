import { Option, type Command } from 'commander';
import { once } from 'node:events';
import type { ServeInfo } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { anyCase, examples, type Wiring } from '../wiring.js';
import { isLoopbackHost } from '../../config/loopback.js';
import { shellWord } from '../../output/carry-target.js';

export interface ServeOptions {
  port?: string;
  host?: string;
  allowRemote?: boolean;
  dataDir?: string;
  partnerKey?: string;
  apiShape?: string;
  statementTimeout?: string;
  memoryLimit?: string;
  threads?: string;
}

export function registerServe(program: Command, wiring: Wiring): void {
  program
    .command('serve')
    .description('Serve the local gateway (zone local) over HTTP until interrupted')
    .option('--port <n>', 'TCP port; 0 picks a free one', '8787')
    .option('--host <address>', 'address to listen on; anything but loopback needs --allow-remote', '127.0.0.1')
    .option('--allow-remote', 'let --host be an address other machines reach (traffic is plain HTTP, keys included)')
    .option('--data-dir <dir>', 'data folder (env DGW_LOCAL_DIR; default: the user data dir)')
    .option('--partner-key <key>', 'use this partner key instead of a generated one; prefer env DGW_LOCAL_PARTNER_KEY (a flag shows in ps)')
    .option('--statement-timeout <duration>', 'stop a statement or refresh that runs longer (env DGW_LOCAL_STATEMENT_TIMEOUT; default 5m)')
    .option('--memory-limit <size>', 'memory DuckDB may use per open project, e.g. 2GB (env DGW_LOCAL_MEMORY_LIMIT; default: a quarter of RAM)')
    .option('--threads <n>', 'threads DuckDB may run per open project, e.g. 2 on a shared machine (env DGW_LOCAL_THREADS; default: one per core)')
    .addOption(
      anyCase(new Option('--api-shape <shape>', 'answer as the seed contract where it speaks (spec), or exactly as the hosted service\'s document (hosted); env DGW_LOCAL_API_SHAPE'), ['spec', 'hosted']),
    )
    .addHelpText(
      'after',
      `\nThe first line on stdout is the base URL (with --json, one JSON object with the URL and keys),\nso scripts can read it; --zone local commands use this server while it runs.\n${examples(
        'dgw serve',
        'dgw serve --port 0 --json',
        'DGW_LOCAL_PARTNER_KEY=ci-secret dgw serve --data-dir ./gateway-data',
        'dgw serve --statement-timeout 30s --memory-limit 2GB',
        'dgw serve --host 0.0.0.0 --allow-remote   # reachable from other machines, over plain HTTP',
        'dgw serve --api-shape hosted      # answers exactly as the hosted service documents them',
        'DGW_API_KEY=ci-secret dgw --base-url http://127.0.0.1:8787/api/v1 --project demo catalog list   # any client, with a key it holds',
      )}`,
    )
    .action(wiring.action(runServe));
}

export async function runServe(ctx: Context, opts: ServeOptions): Promise<void> {
  // It runs until stopped: what it prints must show at once, never wait for a pager.
  ctx.stopPaging();
  const port = Number(opts.port ?? '8787');
  if (!/^\d+$/.test(opts.port ?? '8787') || port > 65535) throw new UsageError(`--port: "${opts.port}" is not a port number (0-65535)`);
  // An IPv6 address may come as a URL writes it (`[::1]`): the address is what is inside.
  const host = (opts.host ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1');
  const beyondLoopback = !isLoopbackHost(host);
  if (beyondLoopback && !opts.allowRemote) {
    throw new UsageError(
      `--host ${host} listens beyond this machine: other machines could reach the gateway, over plain HTTP`,
      'add --allow-remote to do that on purpose, or leave --host out to serve on 127.0.0.1',
    );
  }
  const partnerKey = opts.partnerKey ?? (ctx.env.DGW_LOCAL_PARTNER_KEY || undefined);
  if (partnerKey !== undefined && !/^[\x21-\x7e]{8,}$/.test(partnerKey)) {
    throw new UsageError('--partner-key: use at least 8 printable characters without spaces');
  }
  const [{ localDataDir }, { startServer }, { FolderBusyError }, { parseApiShape }, { localMinInterval }, { resolveLimits }, { localLinkTtlMs }] = await Promise.all([
    import('../../gateway/paths.js'),
    import('../../gateway/server.js'),
    import('../../gateway/lock.js'),
    import('../../gateway/present/shape.js'),
    import('../../schedule/minimum.js'),
    import('../../gateway/limit-settings.js'),
    import('../../gateway/transfer/links.js'),
  ]);
  const limits = resolveLimits(ctx.env, { statementTimeout: opts.statementTimeout, memoryLimit: opts.memoryLimit, threads: opts.threads });
  if (opts.partnerKey !== undefined) {
    ctx.out.warnNow('--partner-key puts the key on the command line, where every user of this machine can read it (ps, /proc); set DGW_LOCAL_PARTNER_KEY instead');
  }
  if (beyondLoopback) {
    ctx.out.warnNow(`listening on ${host}: other machines can reach this gateway, and its traffic, API keys included, is plain HTTP that anyone on the way can read; put a TLS proxy in front of it, or serve on 127.0.0.1`);
  }
  const shapeText = opts.apiShape ?? (ctx.env.DGW_LOCAL_API_SHAPE || undefined);
  const apiShape = parseApiShape(shapeText);
  if (shapeText !== undefined && !apiShape) throw new UsageError(`DGW_LOCAL_API_SHAPE: "${shapeText}" is not spec or hosted`);
  const minInterval = localMinInterval(ctx.env);
  const linkTtlMs = localLinkTtlMs(ctx.env);
  const { resolve } = await import('node:path');
  const dataDir = resolve(ctx.cwd, opts.dataDir ?? localDataDir(ctx.env));
  let server;
  try {
    server = await startServer({ dataDir, host, port, partnerKey, apiShape, minInterval, limits, linkTtlMs, signal: ctx.signal });
  } catch (error) {
    if (error instanceof FolderBusyError) throw new FolderBusyError(error.holder, 'stop that process, or pass another --data-dir');
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is already in use`, 'pass another --port, or --port 0 for a free one');
    if (code === 'ENOTFOUND' || code === 'EADDRNOTAVAIL' || code === 'EAI_AGAIN') throw new UsageError(`--host ${host}: this machine has no such address to listen on (${code})`, 'pass an address of this machine, such as 127.0.0.1 or ::1');
    throw error;
  }
  const info: ServeInfo = { baseUrl: server.baseUrl, partnerKey: server.partnerKey, projectKeys: server.projectKeys, dataDir, apiShape: server.apiShape, pid: process.pid };
  if (ctx.out.json) {
    ctx.out.value(info, undefined, { oneLine: true });
  } else {
    const lines = [server.baseUrl, `partner key: ${server.partnerKey}`, ...Object.entries(server.projectKeys).map(([p, k]) => `project key (${p}): ${k}`), `data folder: ${dataDir}`, `API shape: ${server.apiShape}`];
    ctx.io.stdout.write(`${lines.join('\n')}\n`);
    // Commands find a server by the folder they use: the default one, or DGW_LOCAL_DIR's.
    const used = resolve(ctx.cwd, localDataDir(ctx.env)) === dataDir;
    ctx.out.note(`local gateway listening; --zone local commands ${used ? 'now use it' : `use it with DGW_LOCAL_DIR=${shellWord(dataDir)}`}. Press Ctrl-C to stop.`);
  }
  if (!ctx.signal.aborted) await once(ctx.signal, 'abort');
  await server.close();
  ctx.out.note('local gateway stopped');
}
