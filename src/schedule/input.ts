import type { Schedule } from '../api/types.js';
import { CronSyntaxError, parseCron } from './cron.js';
import { parseDuration, type Duration } from './duration.js';
import { intervalTooLong, intervalTooShort, MIN_INTERVAL } from './minimum.js';
import { canonicalTimeZone } from './timezone.js';

/** A schedule as a person writes it: `every` (30m, 6h, PT6H), or `cron` with an optional `tz`. */
export interface ScheduleInput {
  every?: string;
  cron?: string;
  tz?: string;
}

/** Which part of a schedule input is at fault. */
export type ScheduleField = keyof ScheduleInput;

/** Thrown by `parseScheduleInput`; the caller names the field its own way (`--every`, or a header key). */
export class ScheduleInputError extends Error {
  constructor(
    readonly field: ScheduleField,
    message: string,
    /** True when an interval parsed but is below the minimum. */
    readonly tooShort = false,
  ) {
    super(message);
  }
}

/** How `parseScheduleInput` names fields and which interval it accepts at the least. */
export interface ScheduleInputOptions {
  /** How the caller spells a field in its messages. */
  label?: (field: ScheduleField) => string;
  /** The shortest interval accepted (default: one minute). */
  minInterval?: Duration;
}

/** The schedule asked for, in the form dgw sends (a zone spelt as the service's case-sensitive ids, utc → UTC; weeks as days, P2W → P14D, as the service's Java Duration has no weeks), or undefined; shared by query flags and query-file headers. */
export function parseScheduleInput(input: ScheduleInput, options: ScheduleInputOptions = {}): Schedule | undefined {
  const label = options.label ?? ((f: ScheduleField) => f);
  if (input.every !== undefined && input.cron !== undefined) {
    throw new ScheduleInputError('cron', `${label('every')} and ${label('cron')} cannot be used together: give one schedule`);
  }
  if (input.tz !== undefined && input.cron === undefined) throw new ScheduleInputError('tz', `${label('tz')} only applies to ${label('cron')}`);
  if (input.every !== undefined) {
    const duration = parseDuration(input.every);
    if (!duration) throw new ScheduleInputError('every', `"${input.every}" is not a duration; use 30m, 6h, 1d or ISO 8601 such as PT6H or P1D`);
    const tooShort = intervalTooShort(duration, options.minInterval ?? MIN_INTERVAL);
    if (tooShort) throw new ScheduleInputError('every', tooShort, true);
    const tooLong = intervalTooLong(duration);
    if (tooLong) throw new ScheduleInputError('every', tooLong);
    return { type: 'interval', repeatDuration: duration.iso.replace(/^P(\d+)W(?:(\d+)D)?/, (_, w, d) => `P${Number(w) * 7 + Number(d ?? 0)}D`) };
  }
  if (input.cron !== undefined) {
    try {
      parseCron(input.cron);
    } catch (error) {
      if (error instanceof CronSyntaxError) throw new ScheduleInputError('cron', error.message);
      throw error;
    }
    const zone = input.tz === undefined ? undefined : canonicalTimeZone(input.tz);
    if (input.tz !== undefined && zone === undefined) {
      throw new ScheduleInputError('tz', `"${input.tz}" is not an IANA time zone (for example Europe/Berlin or UTC)`);
    }
    const schedule: Schedule = { type: 'cron', cronExpression: input.cron.trim().split(/\s+/).join(' ') };
    if (zone !== undefined) schedule.timezone = zone;
    return schedule;
  }
  return undefined;
}
