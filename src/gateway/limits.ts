import { totalmem } from 'node:os';
import { HttpError } from './errors.js';
import { MAX_STATEMENT_BYTES } from '../api/local-limits.js';

/** The limits one local gateway puts on the SQL its users run (docs/local-gateway.md "Limits"). */
export interface GatewayLimits {
  /** Longest a request's DuckDB work or a refresh may run, in ms. */
  statementTimeoutMs: number;
  /** DuckDB's memory_limit of each open project, in bytes. */
  memoryLimitBytes: number;
  /** DuckDB's worker threads for each open project; undefined: DuckDB's own choice, one per core. */
  threads?: number;
  /** How long a CSV answer's reader may read nothing before its stream is stopped (Infinity: as long as it likes). */
  readerStallMs?: number;
}

/** Far beyond what an interactive statement takes, short of a runaway one. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5 * 60_000;

/** The least memory a project may be given: DuckDB fails ordinary work below it. */
export const MIN_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;

/** A quarter of this machine's memory per open project (DuckDB alone would take 80% for each). */
export function defaultMemoryLimitBytes(total = totalmem()): number {
  return Math.max(MIN_MEMORY_LIMIT_BYTES, Math.floor(total / 4));
}

export function defaultLimits(): GatewayLimits {
  return { statementTimeoutMs: DEFAULT_STATEMENT_TIMEOUT_MS, memoryLimitBytes: defaultMemoryLimitBytes() };
}

/** DuckDB's memory limit and threads (given at creation: each SET of them trims the process's whole malloc heap), and no extension loaded on demand. */
export function engineSettings(limits: GatewayLimits): Record<string, string> {
  const threads: Record<string, string> = limits.threads === undefined ? {} : { threads: String(limits.threads) };
  return { memory_limit: `${limits.memoryLimitBytes}B`, ...threads, autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' };
}

/** Most operators a plan may hold: DuckDB cannot interrupt some work of a much larger plan once it runs. */
export const MAX_PLAN_OPERATORS = 5000;

/** 400 STATEMENT_TOO_LARGE for SQL text over MAX_STATEMENT_BYTES; `field` names it. */
export function checkStatementSize(text: string, field: string): void {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= MAX_STATEMENT_BYTES) return;
  throw new HttpError(400, `${field} is ${formatBytes(bytes)} of SQL; the local gateway takes at most ${formatBytes(MAX_STATEMENT_BYTES)}`, 'STATEMENT_TOO_LARGE');
}

/** 400 STATEMENT_TOO_COMPLEX for a plan of more than MAX_PLAN_OPERATORS operators. */
export function planTooLarge(operators: number): HttpError | undefined {
  if (operators <= MAX_PLAN_OPERATORS) return undefined;
  return new HttpError(
    400,
    `this statement plans into ${operators} operators (views and CTEs included); the local gateway runs at most ${MAX_PLAN_OPERATORS}: DuckDB could not stop a plan this large once it runs`,
    'STATEMENT_TOO_COMPLEX',
  );
}

/** The answer to DuckDB work that ran out of time (a request's statement, a refresh, an export): interrupted, and what became of its work. */
export function ranOutOfTime(limits: GatewayLimits, what = 'statement', outcome = 'nothing was changed'): HttpError {
  return new HttpError(
    400,
    `the ${what} ran longer than the local gateway's time limit of ${formatDuration(limits.statementTimeoutMs)} and was stopped; ${outcome} (raise the limit with dgw serve --statement-timeout or DGW_LOCAL_STATEMENT_TIMEOUT)`,
    'STATEMENT_TIMEOUT',
  );
}

/** DuckDB's error for work beyond its memory limit, as the gateway's answer; undefined for any other error. */
export function memoryLimitReached(message: string, limits: GatewayLimits): HttpError | undefined {
  if (!/^Out of Memory Error/i.test(message)) return undefined;
  const first = message.split('\n')[0].trim();
  return new HttpError(
    400,
    `the statement needed more memory than the local gateway's limit of ${formatBytes(limits.memoryLimitBytes)} per project and was stopped; nothing was changed (${first}; raise the limit with dgw serve --memory-limit or DGW_LOCAL_MEMORY_LIMIT)`,
    'MEMORY_LIMIT',
  );
}

/** `64 MB` or `64 MiB` (whichever is whole), else `5.9 GiB`. */
export function formatBytes(bytes: number): string {
  for (const [size, unit] of [[1e12, 'TB'], [1024 ** 4, 'TiB'], [1e9, 'GB'], [1024 ** 3, 'GiB'], [1e6, 'MB'], [1024 ** 2, 'MiB']] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** `2s`, `5m`, `1h30m`, `250ms`: a time limit the way it is set. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const parts: string[] = [];
  let rest = Math.round(ms / 1000);
  for (const [unit, size] of [['d', 86_400], ['h', 3600], ['m', 60], ['s', 1]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join('');
}
