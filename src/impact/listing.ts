/** At most `limit` names joined by commas, then how many more: `a, b, c and 4 more`. */
export function someNames(names: string[], limit = 10): string {
  if (names.length <= limit) return names.join(', ');
  return `${names.slice(0, limit).join(', ')} and ${names.length - limit} more`;
}

/** `1 query`, `3 queries`. */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
