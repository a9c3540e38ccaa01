import type { Transport } from '../api/transport.js';
import { UsageError } from '../errors.js';
import { localMinInterval } from '../schedule/minimum.js';
import { Gateway, type GatewayOptions } from './gateway.js';
import { inProcessTransport } from './in-process.js';
import type { GatewayLimits } from './limits.js';
import { parseApiShape } from './present/shape.js';
import { localLinkTtlMs } from './transfer/links.js';

/** What opening the in-process gateway needs: its data folder (locked by the caller), the environment, its limits and an engine made ahead with them. */
export interface InProcessOptions extends Pick<GatewayOptions, 'engine'> {
  dataDir: string;
  env: Record<string, string | undefined>;
  limits: GatewayLimits;
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
    // The reader is this process, writing to its own stdout: a slow consumer there (a pager, `| (sleep 15; wc -l)`) is no stalled client.
    limits: { ...options.limits, readerStallMs: Number.POSITIVE_INFINITY },
    engine: options.engine,
    linkTtlMs: localLinkTtlMs(options.env),
  });
  return { gateway, transport: inProcessTransport(gateway, { apiShape }) };
}
