// Small statistics for the bench: medians and the median of paired ratios.

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values) {
  if (values.length === 0) throw new Error('median of nothing');
  const s = [...values].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The median over pairs of a[i] / b[i]: pairs measured next to each other share the machine's drift. */
export function pairedRatio(a, b) {
  if (a.length !== b.length) throw new Error('paired runs differ in count');
  return median(a.map((x, i) => x / b[i]));
}
