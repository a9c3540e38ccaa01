import type { Transport } from '../api/transport.js';
import { UsageError } from '../errors.js';
import { localMinInterval } from '../schedule/minimum.js';
import { Gateway, type GatewayOptions } from './gateway.js';
import { inProcessTransport } from './in-process.js';
import type { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBModule } from './duckdb.js';
import { resolveLimits } from './limit-settings.js';
import { engineSettings, type GatewayLimits } from './limits.js';
import { parseApiShape } from './present/shape.js';
import { localLinkTtlMs } from './transfer/links.js';

/** What opening the in-process gateway needs: its data folder (locked by the caller), the environment, an engine made ahead. */
export interface InProcessOptions extends Pick<GatewayOptions, 'engine'> {
  dataDir: string;
  env: Record<string, string | undefined>;
  trace?: (line: string) => void;
}

/** Opens the gateway on a folder this process holds, with settings from the environment, and its transport. */
export async function openInProcess(options: InProcessOptions): Promise<{ gateway: Gateway; transport: Transport }> {
  const shapeText = options.env.DGW_LOCAL_API_SHAPE || undefined;
  const apiShape = parseApiShape(shapeText);
  if (shapeText !== undefined && !apiShape) throw new UsageError(`DGW_LOCAL_API_SHAPE: "${shapeText}" is not spec or hosted`);
  options.trace?.(`# local gateway: in-process on ${options.dataDir}${apiShape ? `, ${apiShape} shape` : ''}`);
  const gateway = await Gateway.open({
    dataDir: options.dataDir,
    partnerKey: options.env.DGW_LOCAL_PARTNER_KEY || undefined,
    minInterval: localMinInterval(options.env),
    limits: inProcessLimits(options.env),
    engine: options.engine,
    linkTtlMs: localLinkTtlMs(options.env),
  });
  return { gateway, transport: inProcessTransport(gateway, { apiShape }) };
}

/** The limits the environment sets; the reader is this process, writing to its own stdout: a slow consumer there (a pager, `| (sleep 15; wc -l)`) is no stalled client. */
function inProcessLimits(env: Record<string, string | undefined>): GatewayLimits {
  return { ...resolveLimits(env), readerStallMs: Number.POSITIVE_INFINITY };
}

/** A DuckDB engine with the limits the gateway will have, made while the caller takes the folder's lock. */
export function makeEngine(duck: DuckDBModule, env: Record<string, string | undefined>): Promise<DuckDBInstance> {
  return duck.DuckDBInstance.create(':memory:', engineSettings(inProcessLimits(env)));
}
