import { AsyncLocalStorage } from 'node:async_hooks';
import type { DuckDBConnection } from '@duckdb/node-api';
import { HttpError } from './errors.js';

/**
 * The request a piece of gateway work runs for, so that every DuckDB statement it runs can be
 * stopped when the request is aborted (the in-process CLI's Ctrl-C aborts its request; a served
 * client that goes away aborts it too, through @hono/node-server). Kept in async context rather
 * than passed down, so routes and project modules stay as they are: the project store's
 * connection helpers read it (ProjectStore.withConnection, tx, change).
 *
 * The gateway's time limit is another abort of the same signal: the request's signal combined
 * with a timer, whose reason (an HttpError) is the answer.
 */
const scope = new AsyncLocalStorage<Scope>();

/** What the async context holds: the request's signal, and how to keep its time limit running (see keepTimeLimit). */
interface Scope {
  signal: AbortSignal;
  keep?: () => () => void;
}

/** A time limit on a request's work: after `ms`, its statements are interrupted and `reason()` is the answer. */
export interface TimeLimit {
  ms: number;
  reason: () => Error;
}

/** Runs the work of one request (handler.ts) in the scope of its signal, and of `limit` when given. */
export function withinRequest<T>(signal: AbortSignal, fn: () => Promise<T>, limit?: TimeLimit): Promise<T> {
  return limit ? underTimeLimit(limit, fn, signal) : scope.run({ signal }, fn);
}

/**
 * Runs `fn` under a time limit (and `signal`, when given): once `limit.ms` have passed, the
 * statements it runs through `interruptible` are interrupted and fail with `limit.reason()`.
 * Work that outlives its request (a refresh) gets a limit of its own this way. The limit ends
 * when `fn` returns, unless work it started and keeps going (keepTimeLimit) still holds it.
 */
export async function underTimeLimit<T>(limit: TimeLimit, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(limit.reason()), limit.ms);
  let returned = false;
  let kept = 0;
  const settle = () => {
    if (returned && kept === 0) clearTimeout(timeout);
  };
  const keep = () => {
    kept += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      kept -= 1;
      settle();
    };
  };
  try {
    return await scope.run({ signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal, keep }, fn);
  } finally {
    returned = true;
    settle();
  }
}

/**
 * Keeps the current request's time limit running after its handler has returned, until the
 * function it returns is called: a streamed answer's statement runs while its rows are read, and
 * the limit holds for all of it. Outside a time limit it keeps nothing.
 */
export function keepTimeLimit(): () => void {
  return scope.getStore()?.keep?.() ?? (() => undefined);
}

/** The abort signal of the request the current work runs for (its time limit included); undefined outside a request. */
export function requestSignal(): AbortSignal | undefined {
  return scope.getStore()?.signal;
}

/** Runs `fn` outside any request: work that outlives its request (a refresh) is not stopped by its end. */
export function outsideRequest<T>(fn: () => T): T {
  return scope.exit(fn);
}

/** How often an aborted request's connection is interrupted again until its work has stopped. */
const REINTERRUPT_MS = 50;

/**
 * Runs `work`, the statements of the current request on `conn`, so that an abort of the request
 * interrupts them at once (DuckDB's `connection.interrupt()`): the running statement fails, and
 * the failure is answered as the abort's reason when that is an HttpError (a time limit, say),
 * else as 499 "cancelled". DuckDB forgets an interrupt that arrives between two statements, so
 * the connection is interrupted again until `work` ends. Outside a request, `work` just runs.
 */
export async function interruptible<T>(conn: DuckDBConnection, work: () => Promise<T>, signal = scope.getStore()?.signal): Promise<T> {
  if (!signal) return work();
  if (signal.aborted) throw cancellation(signal);
  let timer: NodeJS.Timeout | undefined;
  const interrupt = () => {
    conn.interrupt();
    timer = setInterval(() => conn.interrupt(), REINTERRUPT_MS);
  };
  signal.addEventListener('abort', interrupt, { once: true });
  try {
    return await work();
  } catch (error) {
    throw signal.aborted ? cancellation(signal) : error;
  } finally {
    signal.removeEventListener('abort', interrupt);
    clearInterval(timer);
  }
}

/** What an aborted request's work fails with: the abort's reason when it is an HttpError, else 499. */
export function cancellation(signal: AbortSignal): HttpError {
  if (signal.reason instanceof HttpError) return signal.reason;
  return new HttpError(499, 'the request was cancelled; its statement was interrupted and nothing was changed', 'CANCELLED');
}
