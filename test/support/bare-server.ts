import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A test file's own node:http server on 127.0.0.1 (see useBareServer). */
export interface BareServer {
  server: http.Server;
  /** The API base URL dgw is given (`http://127.0.0.1:PORT/api/v1`), once the server listens. */
  baseUrl(): string;
}

/**
 * A bare node:http server answering with `handler`, for tests of how dgw reads what a server
 * sends (its bytes, its timing): listening before the file's tests, closed after them with its
 * open connections. The recording stand-in (stand-in.ts) is for what dgw sends.
 */
export function useBareServer(handler: http.RequestListener): BareServer {
  const server = http.createServer(handler);
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { server, baseUrl: () => url };
}
