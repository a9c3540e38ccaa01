import { compareText } from './text-order.js';

/** Close matches by commander's measure, so every "did you mean" of dgw suggests alike; case is ignored. */
export function closestNames(word: string, candidates: Iterable<string>): string[] {
  const wanted = word.toLowerCase();
  let best = MAX_DISTANCE + 1;
  let found: string[] = [];
  for (const candidate of new Set(candidates)) {
    if (candidate.length <= 1) continue;
    const distance = editDistance(wanted, candidate.toLowerCase());
    const length = Math.max(wanted.length, candidate.length);
    if ((length - distance) / length <= MIN_SIMILARITY || distance > MAX_DISTANCE) continue;
    if (distance < best) {
      best = distance;
      found = [candidate];
    } else if (distance === best) {
      found.push(candidate);
    }
  }
  return found.sort((a, b) => compareText(a, b));
}

/** `; did you mean "x"?` (or one of several), or '' when nothing is close. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  return suggest(closestNames(word, candidates));
}

/** `; did you mean "x"?` for names found close by other means, or '' for none. */
export function suggest(names: string[]): string {
  const close = [...new Set(names)].map((c) => `"${c}"`);
  if (close.length === 0) return '';
  return close.length === 1 ? `; did you mean ${close[0]}?` : `; did you mean one of ${close.join(', ')}?`;
}

const MAX_DISTANCE = 3;
const MIN_SIMILARITY = 0.4;

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > MAX_DISTANCE) return Math.max(a.length, b.length);
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d[i] = [i];
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
