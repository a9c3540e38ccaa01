/** True when the runtime knows `name` as an IANA time zone (or UTC); not an offset such as +02:00, which newer runtimes also take. */
export function isValidTimeZone(name: string): boolean {
  if (!name || name.trim() !== name || /^[+-]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
