/** The runtime's spelling of IANA zone `name` (utc → UTC, europe/berlin → Europe/Berlin; an alias as given), or undefined when it knows none; not an offset such as +02:00, which newer runtimes also take. */
export function canonicalTimeZone(name: string): string | undefined {
  if (!name || name.trim() !== name || /^[+-]/.test(name)) return undefined;
  try {
    const known = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return known.toLowerCase() === name.toLowerCase() ? known : name;
  } catch {
    return undefined;
  }
}

/** True when the runtime knows `name` as an IANA time zone (or UTC). */
export function isValidTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== undefined;
}
