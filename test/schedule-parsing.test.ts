import { describe, expect, it } from 'vitest';
import { parseCron } from '../src/schedule/cron.js';
import { parseDuration } from '../src/schedule/duration.js';
import { isValidTimeZone } from '../src/schedule/timezone.js';
import { deriveQueryName, folderPathProblem } from '../src/api/names.js';

describe('parseDuration', () => {
  it.each([
    ['30s', 'PT30S', 30_000],
    ['30m', 'PT30M', 1_800_000],
    ['6h', 'PT6H', 21_600_000],
    ['1d', 'P1D', 86_400_000],
    ['PT6H', 'PT6H', 21_600_000],
    ['p1d', 'P1D', 86_400_000],
    ['P1DT12H', 'P1DT12H', 129_600_000],
    ['P2W', 'P2W', 1_209_600_000],
    ['PT1.5S', 'PT1.5S', 1500],
    // The short form takes a fraction of a second as ISO 8601 does: 0.5s was refused while PT0.5S was taken.
    ['0.5s', 'PT0.5S', 500],
    ['1.25s', 'PT1.25S', 1250],
  ])('%s → %s', (text, iso, ms) => {
    expect(parseDuration(text)).toEqual({ iso, ms });
  });

  it.each(['', '6', 'six hours', 'P', 'PT', 'P1M', 'P1Y', '0s', 'PT0S', '-1h', '1w', 'PT1H30', '1.5h', '0.0001s', '.5s', '1.s'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('parseCron', () => {
  it('expands fields, names and steps', () => {
    const c = parseCron('*/15 9-17 * JAN,jul MON-FRI');
    expect([...c.minutes]).toEqual([0, 15, 30, 45]);
    expect([...c.hours]).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect([...c.months]).toEqual([1, 7]);
    expect([...c.daysOfWeek]).toEqual([1, 2, 3, 4, 5]);
    expect(c.anyDayOfMonth).toBe(true);
    expect(c.anyDayOfWeek).toBe(false);
  });

  it('folds Sunday 7 into 0', () => {
    expect([...parseCron('0 0 * * 7').daysOfWeek]).toEqual([0]);
  });

  it.each([
    ['0 2 * *', /five fields.*got 4/],
    ['0 2 * * * *', /five fields.*got 6/],
    ['', /five fields.*got 0/],
    ['60 * * * *', /minute .*outside 0-59/],
    ['* 24 * * *', /hour .*outside 0-23/],
    ['* * 0 * *', /day-of-month .*outside 1-31/],
    ['* * * 13 *', /month .*outside 1-12/],
    ['* * * * 8', /day-of-week .*outside 0-7/],
    ['*/0 * * * *', /minute field/],
    ['5-1 * * * *', /minute field/],
    ['a * * * *', /minute field/],
  ])('refuses %j', (expr, message) => {
    expect(() => parseCron(expr)).toThrow(message);
  });
});

describe('time zones, names and paths', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('derives SQL names the way the service documents', () => {
    expect(deriveQueryName('Revenue Report')).toBe('revenuereport');
    expect(deriveQueryName('dailyRevenueMaterialized')).toBe('dailyrevenuematerialized');
    expect(deriveQueryName('Q3 revenue_v2 (EU)!')).toBe('q3revenue_v2eu');
    expect(deriveQueryName('"; DROP TABLE x; --')).toBe('droptablex');
  });

  it('accepts clean absolute folder paths only', () => {
    expect(folderPathProblem('/')).toBeUndefined();
    expect(folderPathProblem('/reports/monthly')).toBeUndefined();
    expect(folderPathProblem('/reports/')).toBeUndefined();
    expect(folderPathProblem('reports')).toMatch(/absolute/);
    expect(folderPathProblem('/a//b')).toMatch(/empty segment/);
    expect(folderPathProblem('/a/../b')).toMatch(/\.\./);
    expect(folderPathProblem('/a/\u0007')).toMatch(/control/);
  });
});
