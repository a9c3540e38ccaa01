let collator: Intl.Collator | undefined;

/**
 * Orders two texts exactly as `a.localeCompare(b)` does (the default locale's collation), through
 * one collator made on first use: localeCompare makes a collator on every call, which sorting the
 * 1,000 folders of a tree spent 5 to 8 ms on.
 */
export function compareText(a: string, b: string): number {
  return (collator ??= new Intl.Collator()).compare(a, b);
}
