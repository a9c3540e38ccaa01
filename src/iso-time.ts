const ISO_TIME = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?$/i;

/** An ISO 8601 date or time in milliseconds, or undefined; an impossible date, which Date.parse rolls over (2027-02-30 to March 2), is refused. */
export function parseIsoTime(text: string): number | undefined {
  const m = ISO_TIME.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => (v === undefined ? 0 : Number(v)));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return undefined;
  const at = Date.parse(text.trim());
  return Number.isNaN(at) ? undefined : at;
}
