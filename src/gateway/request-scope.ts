import { AsyncLocalStorage } from 'node:async_hooks';
import type { DuckDBConnection } from '@duckdb/node-api';
import { HttpError } from './errors.js';

// Kept in async context so every DuckDB statement of a request can be interrupted when it is aborted or times out.
const scope = new AsyncLocalStorage<Scope>();

interface Scope {
  signal: AbortSignal;
  keep?: () => () => void;
}

/** A time limit on a request's work: after `ms`, its statements are interrupted and `reason()` is the answer. */
export interface TimeLimit {
  ms: number;
  reason: () => Error;
}

/** Runs the work of one request in the scope of its signal, and of `limit` when given. */
export function withinRequest<T>(signal: AbortSignal, fn: () => Promise<T>, limit?: TimeLimit): Promise<T> {
  return limit ? underTimeLimit(limit, fn, signal) : scope.run({ signal }, fn);
}

/** Runs `fn` under its own time limit (work that outlives its request, such as a refresh); see keepTimeLimit. */
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

/** Keeps the current time limit running past the handler until the returned function is called, for streamed answers. */
export function keepTimeLimit(): () => void {
  return scope.getStore()?.keep?.() ?? (() => undefined);
}

/** The abort signal of the request the current work runs for; undefined outside a request. */
export function requestSignal(): AbortSignal | undefined {
  return scope.getStore()?.signal;
}

/** Runs `fn` outside any request: work that outlives its request (a refresh) is not stopped by its end. */
export function outsideRequest<T>(fn: () => T): T {
  return scope.exit(fn);
}

const REINTERRUPT_MS = 50;

/** Connections an abort interrupted: an interrupt that cut a ROLLBACK leaves its transaction open, aborted. */
const interrupted = new WeakSet<DuckDBConnection>();

/** Connections running COMMIT: DuckDB answers an interrupted COMMIT "Interrupted!" whether or not it kept the change. */
const committing = new WeakSet<DuckDBConnection>();

/** Commits `conn`'s transaction out of reach of interrupts, so a failed COMMIT kept nothing; DuckDB forgets an earlier interrupt as a statement starts. */
export async function commit(conn: DuckDBConnection): Promise<void> {
  committing.add(conn);
  try {
    await conn.run('COMMIT');
  } finally {
    committing.delete(conn);
  }
}

/** Interrupts `conn`'s statement unless it is a COMMIT, which is left to end. */
export function interruptNow(conn: DuckDBConnection): void {
  if (!committing.has(conn)) conn.interrupt();
}

/** Interrupts `conn`'s statement, and marks the connection for `settleInterrupted`. */
export function interrupt(conn: DuckDBConnection): void {
  interrupted.add(conn);
  interruptNow(conn);
}

/** Before an interrupted connection is used again: rolls back what an interrupt may have left open (nothing to roll back is fine). */
export async function settleInterrupted(conn: DuckDBConnection): Promise<void> {
  if (interrupted.delete(conn)) await conn.run('ROLLBACK').catch(() => undefined);
}

/** Runs `work` on `conn` so an abort interrupts it, again and again since DuckDB forgets an interrupt between statements. */
export async function interruptible<T>(conn: DuckDBConnection, work: () => Promise<T>, signal = scope.getStore()?.signal): Promise<T> {
  if (!signal) return work();
  if (signal.aborted) throw cancellation(signal);
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    interrupt(conn);
    timer = setInterval(() => interruptNow(conn), REINTERRUPT_MS);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await work();
  } catch (error) {
    throw signal.aborted ? cancellation(signal) : error;
  } finally {
    signal.removeEventListener('abort', onAbort);
    clearInterval(timer);
  }
}

/** Runs a job's statements on `conn` so its time limit or `stop` interrupts them; the interrupts end with them, so the job can still write how it ended. */
export function jobStatements<T>(conn: DuckDBConnection, stop: AbortSignal, work: () => Promise<T>): Promise<T> {
  const limit = requestSignal();
  return interruptible(conn, work, limit ? AbortSignal.any([limit, stop]) : stop);
}

/** What an aborted request's work fails with: the abort's reason when it is an HttpError, else 499. */
export function cancellation(signal: AbortSignal): HttpError {
  if (signal.reason instanceof HttpError) return signal.reason;
  return new HttpError(499, 'the request was cancelled; its statement was interrupted and nothing was changed', 'CANCELLED');
}

/** Resolves when `done` settles, after `ms` at most (Infinity: no limit), or on abort: a held read (`?waitMs=`) answers as soon as its job ends. */
export async function heldUntil(done: Promise<unknown>, ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return;
  await new Promise<void>((resolve) => {
    const end = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', end);
      resolve();
    };
    const timer = Number.isFinite(ms) ? setTimeout(end, ms) : undefined;
    signal?.addEventListener('abort', end, { once: true });
    done.then(end, end);
  });
}
