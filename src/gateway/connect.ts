/**
 * Contract between the CLI and the local gateway (zone `local`). The gateway issue fills this in:
 * talk to a `dgw serve` that holds the data folder, or run the gateway in-process on it.
 */
export interface LocalConnection {
  baseUrl: string;
  apiKey: string;
  /** Present when the gateway runs in-process: ky sends every request through it. */
  fetch?: typeof fetch;
  close(): Promise<void>;
}

export interface ConnectLocalOptions {
  env: Record<string, string | undefined>;
  /** A key the user chose (DGW_API_KEY or a profile); otherwise the gateway's partner key. */
  apiKey?: string;
  trace?: (line: string) => void;
}

export async function connectLocal(_options: ConnectLocalOptions): Promise<LocalConnection> {
  const { UsageError } = await import('../errors.js');
  throw new UsageError('the local gateway is not built yet');
}
