/** A parsed duration: the ISO 8601 form sent on the wire and its length in milliseconds. */
export interface Duration {
  iso: string;
  ms: number;
}

const SHORT = /^(\d+(?:\.\d+)?)(s|m|h|d)$/;
const ISO = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
export const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Parses `30s`, `0.5s`, `6h`, `1d` or an ISO 8601 duration without years or months (their length varies); undefined otherwise or for zero. */
export function parseDuration(text: string): Duration | undefined {
  const trimmed = text.trim();
  const short = SHORT.exec(trimmed);
  if (short) {
    const n = Number(short[1]);
    const unit = short[2] as keyof typeof UNIT_MS;
    if (Math.round(n * UNIT_MS[unit]) === 0 || (short[1].includes('.') && unit !== 's')) return undefined;
    const digits = short[1].replace(/^0+(?=\d)/, '');
    const iso = unit === 'd' ? `P${digits}D` : `PT${digits}${unit.toUpperCase()}`;
    return { iso, ms: Math.round(n * UNIT_MS[unit]) };
  }
  const upper = trimmed.toUpperCase();
  const m = ISO.exec(upper);
  if (!m || upper === 'P' || upper.endsWith('T')) return undefined;
  const [, w, d, h, min, s] = m;
  const ms =
    Number(w ?? 0) * 7 * UNIT_MS.d +
    Number(d ?? 0) * UNIT_MS.d +
    Number(h ?? 0) * UNIT_MS.h +
    Number(min ?? 0) * UNIT_MS.m +
    Math.round(Number(s ?? 0) * 1000);
  if (ms <= 0) return undefined;
  return { iso: upper, ms };
}
