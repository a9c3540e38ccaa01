import { UsageError } from '../errors.js';
import { parseDuration } from '../schedule/duration.js';
import { defaultLimits, formatBytes, MIN_MEMORY_LIMIT_BYTES, type GatewayLimits } from './limits.js';

/** Environment variables of the local gateway's limits, for `dgw serve` and in-process commands alike. */
export const STATEMENT_TIMEOUT_ENV = 'DGW_LOCAL_STATEMENT_TIMEOUT';
export const MEMORY_LIMIT_ENV = 'DGW_LOCAL_MEMORY_LIMIT';
export const THREADS_ENV = 'DGW_LOCAL_THREADS';

/** The longest timer Node keeps; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The flags of `dgw serve` that set limits; in-process commands have none. */
export interface LimitFlags {
  statementTimeout?: string;
  memoryLimit?: string;
  threads?: string;
}

/** The local gateway's limits: each from its flag, else its environment variable, else the default. */
export function resolveLimits(env: Record<string, string | undefined>, flags: LimitFlags = {}): GatewayLimits {
  const limits = defaultLimits();
  const timeout = pick(flags.statementTimeout, '--statement-timeout', env[STATEMENT_TIMEOUT_ENV], STATEMENT_TIMEOUT_ENV);
  if (timeout) limits.statementTimeoutMs = statementTimeoutMs(timeout.text, timeout.origin);
  const memory = pick(flags.memoryLimit, '--memory-limit', env[MEMORY_LIMIT_ENV], MEMORY_LIMIT_ENV);
  if (memory) limits.memoryLimitBytes = memoryLimitBytes(memory.text, memory.origin);
  const threads = pick(flags.threads, '--threads', env[THREADS_ENV], THREADS_ENV);
  if (threads) limits.threads = threadCount(threads.text, threads.origin);
  return limits;
}

function threadCount(text: string, origin: string): number {
  if (!/^\s*\d+\s*$/.test(text) || Number(text) < 1 || Number(text) > MAX_THREADS) throw new UsageError(`${origin}: "${text}" is not a number of threads from 1 to ${MAX_THREADS}`);
  return Number(text);
}

/** Far more than any machine dgw runs on has cores: a larger number is a typo. */
const MAX_THREADS = 1024;

function pick(flag: string | undefined, flagName: string, envValue: string | undefined, envName: string): { text: string; origin: string } | undefined {
  if (flag !== undefined) return { text: flag, origin: flagName };
  if (envValue !== undefined && envValue !== '') return { text: envValue, origin: envName };
  return undefined;
}

function statementTimeoutMs(text: string, origin: string): number {
  const duration = parseDuration(text);
  if (!duration) throw new UsageError(`${origin}: "${text}" is not a duration; use 30s, 5m, 1h or ISO 8601 such as PT5M`);
  if (duration.ms > MAX_TIMER_MS) throw new UsageError(`${origin}: ${text} is longer than the longest time limit, 24 days (P24D)`);
  return duration.ms;
}

const UNITS: Record<string, number> = {
  b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12,
  kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, tib: 1024 ** 4,
};

/** Bytes of a size such as `512MB`, `4GiB`, `2 GB` or `1000000B`; undefined when it is none. */
export function parseSize(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(text.trim());
  const unit = m ? UNITS[m[2].toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const bytes = Math.floor(Number(m[1]) * unit);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

function memoryLimitBytes(text: string, origin: string): number {
  const bytes = parseSize(text);
  if (bytes === undefined) throw new UsageError(`${origin}: "${text}" is not a size; use 512MB, 2GB or 4GiB`);
  if (bytes < MIN_MEMORY_LIMIT_BYTES) throw new UsageError(`${origin}: ${text} is less than the least DuckDB works with, ${formatBytes(MIN_MEMORY_LIMIT_BYTES)}`);
  return bytes;
}
