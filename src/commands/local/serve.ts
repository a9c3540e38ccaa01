import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';

export interface ServeOptions {
  port?: string;
  host?: string;
  dataDir?: string;
  partnerKey?: string;
}

export function registerServe(program: Command, wiring: Wiring): void {
  program
    .command('serve')
    .description('Serve the local gateway (zone local) over HTTP until interrupted')
    .option('--port <n>', 'TCP port; 0 picks a free one', '8787')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--data-dir <dir>', 'data folder (env DGW_LOCAL_DIR; default: the user data dir)')
    .option('--partner-key <key>', 'use this partner key instead of a generated one (env DGW_LOCAL_PARTNER_KEY)')
    .addHelpText(
      'after',
      `\nThe first line on stdout is the base URL (with --json, one JSON object with the URL and keys),\nso scripts can read it; --zone local commands use this server while it runs.\n${examples(
        'dgw serve',
        'dgw serve --port 0 --json',
        'DGW_LOCAL_PARTNER_KEY=ci-secret dgw serve --data-dir ./gateway-data',
        'dgw --base-url http://127.0.0.1:8787/api/v1 --project demo catalog list',
      )}`,
    )
    .action(wiring.action(runServe));
}

export async function runServe(ctx: Context, opts: ServeOptions): Promise<void> {
  const port = Number(opts.port ?? '8787');
  if (!/^\d+$/.test(opts.port ?? '8787') || port > 65535) throw new UsageError(`--port: "${opts.port}" is not a port number (0-65535)`);
  const host = opts.host ?? '127.0.0.1';
  const partnerKey = opts.partnerKey ?? (ctx.env.DGW_LOCAL_PARTNER_KEY || undefined);
  if (partnerKey !== undefined && !/^[\x21-\x7e]{8,}$/.test(partnerKey)) {
    throw new UsageError('--partner-key: use at least 8 printable characters without spaces');
  }
  const [{ localDataDir }, { startServer }, { FolderBusyError }] = await Promise.all([
    import('../../gateway/paths.js'),
    import('../../gateway/server.js'),
    import('../../gateway/lock.js'),
  ]);
  const { resolve } = await import('node:path');
  const dataDir = resolve(ctx.cwd, opts.dataDir ?? localDataDir(ctx.env));
  let server;
  try {
    server = await startServer({ dataDir, host, port, partnerKey });
  } catch (error) {
    if (error instanceof FolderBusyError) throw new UsageError(error.message, 'stop that process, or pass another --data-dir');
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is already in use`, 'pass another --port, or --port 0 for a free one');
    throw error;
  }
  const info = { baseUrl: server.baseUrl, partnerKey: server.partnerKey, projectKeys: server.projectKeys, dataDir, pid: process.pid };
  if (ctx.out.json) {
    ctx.io.stdout.write(`${JSON.stringify(info)}\n`);
  } else {
    const lines = [server.baseUrl, `partner key: ${server.partnerKey}`, ...Object.entries(server.projectKeys).map(([p, k]) => `project key (${p}): ${k}`), `data folder: ${dataDir}`];
    ctx.io.stdout.write(`${lines.join('\n')}\n`);
    ctx.out.note(`local gateway listening; --zone local commands now use it. Press Ctrl-C to stop.`);
  }
  await new Promise<void>((done) => {
    if (ctx.signal.aborted) return done();
    ctx.signal.addEventListener('abort', () => done(), { once: true });
  });
  await server.close();
  ctx.out.note('local gateway stopped');
}
