import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macro } from '../src/gateway/project/parametric-tables.js';

// The relative-date macros of parametric tables, each evaluated by DuckDB and compared with the
// calendar worked out here from DuckDB's own today (so the test and the SQL share one clock).

let conn: DuckDBConnection;
let instance: DuckDBInstance;
let today: Date;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
  today = new Date(`${String((await conn.runAndReadAll('SELECT current_date::VARCHAR')).getRows()[0][0])}T00:00:00Z`);
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

const day = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const monthStart = (d: Date, months = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
const evaluate = async (text: string) => String((await conn.runAndReadAll(`SELECT ${macro(text)}::VARCHAR`)).getRows()[0][0]);

describe('date macros', () => {
  it('every anchor is the day the calendar says (weeks start on Monday; ends are last days)', async () => {
    const monday = plusDays(today, -((today.getUTCDay() + 6) % 7));
    const quarter = monthStart(today, -(today.getUTCMonth() % 3));
    const expected: Record<string, Date> = {
      '@today': today,
      '@yesterday': plusDays(today, -1),
      '@sow': monday,
      '@eow': plusDays(monday, 6),
      '@som': monthStart(today),
      '@eom': plusDays(monthStart(today, 1), -1),
      '@soq': quarter,
      '@eoq': plusDays(monthStart(quarter, 3), -1),
      '@soy': new Date(Date.UTC(today.getUTCFullYear(), 0, 1)),
      '@eoy': new Date(Date.UTC(today.getUTCFullYear(), 11, 31)),
    };
    for (const [text, date] of Object.entries(expected)) expect(await evaluate(text), text).toBe(day(date));
  });

  it('offsets chain, in every unit (q is three months; M months, m minutes)', async () => {
    expect(await evaluate('@today-7d')).toBe(day(plusDays(today, -7)));
    expect(await evaluate('@today+2w')).toBe(day(plusDays(today, 14)));
    expect(await evaluate('@som-1M')).toBe(day(monthStart(today, -1)));
    expect(await evaluate('@som+1q')).toBe(day(monthStart(today, 3)));
    expect(await evaluate('@soy-1y')).toBe(`${today.getUTCFullYear() - 1}-01-01`);
    expect(await evaluate('@som-1M+1d')).toBe(day(plusDays(monthStart(today, -1), 1)));
  });

  it('@now and hour or minute offsets are timestamps; day offsets stay dates', async () => {
    expect(await evaluate('@today-1h')).toBe(`${day(plusDays(today, -1))} 23:00:00`);
    expect(await evaluate('@today+90m')).toBe(`${day(today)} 01:30:00`);
    expect(await evaluate('@now-24h')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(await evaluate('@today')).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('refuses what is not a macro', () => {
    for (const text of ['@tomorrow', '@today-7', '@today-7x', '@today 7d', 'today', '@som-1M;DROP', "@today'"]) {
      expect(() => macro(text), text).toThrow(/not a date macro/);
    }
  });
});
