/**
 * How the HTTP layer (http.ts) reaches a service: one exchange, sent as it is given and answered
 * with a status, headers and a body. Over the network it is node-transport.ts (node:http and
 * node:https); the in-process local gateway plugs in a function that hands the request to the
 * gateway directly. Neither builds a fetch Request or Response: Node's fetch library (undici) is
 * large, and loading it cost a command more than the rest of its start-up.
 */
export interface WireRequest {
  method: string;
  /** The whole URL, path segments already encoded. */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body, already serialized. */
  body?: string;
  /** Aborts the exchange (Ctrl-C, or the time limit of this attempt). */
  signal: AbortSignal;
}

/** An answer to a WireRequest: its body is read once, by `text()`. */
export interface WireResponse {
  status: number;
  statusText: string;
  /** A header's value (the first, if it came more than once), by name in any case. */
  header(name: string): string | undefined;
  text(): Promise<string>;
}

/** Sends one exchange; rejects when no answer arrived (refused, reset, aborted). */
export type Transport = (request: WireRequest) => Promise<WireResponse>;
