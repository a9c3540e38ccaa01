/** A five-field cron expression expanded into the allowed values of each field. */
export interface CronFields {
  minutes: Set<number>;
  hours: Set<number>;
  daysOfMonth: Set<number>;
  months: Set<number>;
  /** 0 = Sunday; 7 is folded into 0. */
  daysOfWeek: Set<number>;
  /** True when day-of-month starts with `*` or `?`, a step of them too; cron ORs the two day fields only when neither does. */
  anyDayOfMonth: boolean;
  anyDayOfWeek: boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface FieldSpec {
  label: string;
  min: number;
  max: number;
  names?: string[];
  nameBase?: number;
}

const SPECS: FieldSpec[] = [
  { label: 'minute', min: 0, max: 59 },
  { label: 'hour', min: 0, max: 23 },
  { label: 'day-of-month', min: 1, max: 31 },
  { label: 'month', min: 1, max: 12, names: MONTHS, nameBase: 1 },
  { label: 'day-of-week', min: 0, max: 7, names: DAYS, nameBase: 0 },
];

/** Thrown by parseCron with a message naming the field at fault. */
export class CronSyntaxError extends Error {}

/** Parses a UNIX cron expression with exactly five fields, or throws CronSyntaxError. */
export function parseCron(expression: string): CronFields {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5 || parts[0] === '') {
    throw new CronSyntaxError(`a cron expression has five fields (minute hour day-of-month month day-of-week); got ${parts[0] === '' ? 0 : parts.length}`);
  }
  const sets = parts.map((part, i) => parseField(part, SPECS[i]));
  const daysOfWeek = new Set([...sets[4]].map((d) => (d === 7 ? 0 : d)));
  const fields = {
    minutes: sets[0],
    hours: sets[1],
    daysOfMonth: sets[2],
    months: sets[3],
    daysOfWeek,
    anyDayOfMonth: /^[*?]/.test(parts[2]),
    anyDayOfWeek: /^[*?]/.test(parts[4]),
  };
  // Days only by date (a weekday field would OR in days of its own): 30 February never comes.
  if (!fields.anyDayOfMonth && fields.anyDayOfWeek && ![...fields.months].some((m) => [...fields.daysOfMonth].some((d) => d <= LONGEST_MONTH[m - 1]))) {
    throw new CronSyntaxError(`"${expression.trim()}" never fires: no month it names has the days it names`);
  }
  return fields;
}

/** Days in each month at most (29 February in a leap year). */
const LONGEST_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function parseField(text: string, spec: FieldSpec): Set<number> {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const [rangeText, stepText, extra] = item.split('/');
    if (extra !== undefined || rangeText === '') throw bad(spec, item);
    const step = stepText === undefined ? 1 : toInt(stepText, spec, item);
    if (step < 1) throw bad(spec, item);
    let lo: number;
    let hi: number;
    if (rangeText === '*' || (rangeText === '?' && spec.label.startsWith('day'))) {
      lo = spec.min;
      hi = spec.max;
    } else {
      const [a, b, more] = rangeText.split('-');
      if (more !== undefined) throw bad(spec, item);
      lo = toValue(a, spec, item);
      hi = b === undefined ? (stepText === undefined ? lo : spec.max) : toValue(b, spec, item);
      if (hi < lo) throw bad(spec, item);
    }
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return values;
}

function toValue(text: string, spec: FieldSpec, item: string): number {
  const index = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  const value = index >= 0 ? index + (spec.nameBase ?? 0) : toInt(text, spec, item);
  if (value < spec.min || value > spec.max) {
    throw new CronSyntaxError(`${spec.label} field "${item}": ${value} is outside ${spec.min}-${spec.max}`);
  }
  return value;
}

function toInt(text: string, spec: FieldSpec, item: string): number {
  if (!/^\d+$/.test(text)) throw bad(spec, item);
  return Number(text);
}

function bad(spec: FieldSpec, item: string): CronSyntaxError {
  return new CronSyntaxError(`${spec.label} field "${item}" is not valid cron syntax`);
}
