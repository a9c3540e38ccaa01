import { UNIT_MS } from '../schedule/duration.js';

// Near instants relative to now, others as a short local date; only terminal tables and records read this way.

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const { s: SECOND, m: MINUTE, h: HOUR, d: DAY } = UNIT_MS;

/** An ISO 8601 date-time (what dgw's records hold); anything else is not read as an instant. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The instant `value` names, in milliseconds, or undefined when it names none. */
export function instantOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Within a day relative, further the local date and time; `withDate` adds the date to near ones. */
export function readableTime(value: unknown, now: number, options: { withDate?: boolean } = {}): unknown {
  const at = instantOf(value);
  if (at === undefined) return value;
  const near = nearTime(at - now);
  if (near === undefined) return localDateTime(at);
  return options.withDate ? `${near} (${localDateTime(at)})` : near;
}

/** `in 6 hours`, `3 minutes ago`, `just now`; undefined a day or more away. */
function nearTime(ms: number): string | undefined {
  const size = Math.abs(ms);
  const sign = Math.sign(ms);
  if (size < 5 * SECOND) return 'just now';
  if (Math.round(size / SECOND) < 60) return relative.format(sign * Math.round(size / SECOND), 'second');
  if (Math.round(size / MINUTE) < 60) return relative.format(sign * Math.round(size / MINUTE), 'minute');
  if (Math.round(size / HOUR) < 24 && size < DAY) return relative.format(sign * Math.round(size / HOUR), 'hour');
  return undefined;
}

/** `2026-11-23 07:19`, in the local time zone (TZ). */
function localDateTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
