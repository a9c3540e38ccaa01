/**
 * When the HTTP layer sends an idempotent request again (GET, PUT, DELETE): after a refused or
 * dropped connection, or an answer of 429, 500, 502, 503 or 504; never after a time-out, and never
 * a POST or PATCH, which could do their work twice.
 */
export const RETRY_METHODS: readonly string[] = ['GET', 'PUT', 'DELETE'];
export const RETRY_STATUS: readonly number[] = [429, 500, 502, 503, 504];

/** Statuses whose Retry-After header says how long to wait. */
const AFTER_STATUS: readonly number[] = [429, 503];
/** The longest Retry-After honoured: a longer one is waited for this long. */
const MAX_RETRY_AFTER_MS = 60_000;
/** Backoff: 0.3 s, 0.6 s, 1.2 s... at most 10 s, each a random time up to that ("full jitter"). */
const FIRST_DELAY_MS = 300;
const BACKOFF_LIMIT_MS = 10_000;

/**
 * Milliseconds to wait before attempt number `retry` (1 for the first retry): the Retry-After of
 * a 429 or 503 when it has one (seconds or an HTTP date), else an exponential backoff with jitter.
 */
export function retryDelay(retry: number, status?: number, retryAfter?: string, now = Date.now(), random = Math.random): number {
  if (status !== undefined && AFTER_STATUS.includes(status) && retryAfter !== undefined) {
    const after = retryAfterMs(retryAfter, now);
    if (after !== undefined) return Math.min(MAX_RETRY_AFTER_MS, after);
  }
  return Math.min(BACKOFF_LIMIT_MS, random() * FIRST_DELAY_MS * 2 ** (retry - 1));
}

/** A Retry-After value in milliseconds from `now`: delay-seconds or an HTTP date; undefined when it is neither. */
export function retryAfterMs(value: string, now = Date.now()): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/^[A-Z][a-z]{2},? /.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
