/** True when the runtime knows `name` as an IANA time zone (or UTC). */
export function isValidTimeZone(name: string): boolean {
  if (!name || name.trim() !== name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
