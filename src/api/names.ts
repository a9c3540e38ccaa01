/** Latin letters that Unicode does not decompose into a base letter and an accent. */
const LATIN_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** A query's SQL name derived as the hosted service does (`Revenue Report` → `revenuereport`); accented letters keep their base letter. */
export function deriveQueryName(displayName: string): string {
  // Decomposed first: a compatibility form (`𝐑`, `№`, `㎒`) may decompose to capitals, which lower-casing keeps.
  return displayName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþı]/g, (c) => LATIN_LETTERS[c])
    .replace(/[^a-z0-9_]/g, '');
}

/** Why a display name gives no SQL name: it has none of the characters a name keeps. */
export function noSqlNameReason(displayName: string): string {
  return `"${displayName}" gives no SQL name: a name keeps only the letters a to z (accents dropped), digits and underscores of the display name; add some, e.g. "sales ${displayName}"`;
}

/** A name as SQL reads it, double-quoted when not a plain identifier. */
export const sqlWord = (name: string): string => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);

/** A query's name as SQL reads it, double-quoted when not a plain identifier. */
export const sqlName = (schema: string, name: string): string => `${schema}.${sqlWord(name)}`;

/** The longest SQL name the local gateway accepts (the hosted service documents no limit). */
export const MAX_QUERY_NAME = 128;

/** True when a text holds a control character (C0, DEL or C1): never part of a name or path dgw sends. */
export function hasControlCharacter(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}

/** The first character of a text that shows as nothing or reorders what a terminal shows (zero-width space, word joiner, BOM, bidi overrides and isolates), as U+XXXX; with one a name looks like another. */
export function invisibleCharacterIn(text: string): string | undefined {
  const found = /[\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/.exec(text);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase()}` : undefined;
}

/** `/reports` and `/ reports` would print alike, so neither dgw nor its gateway makes a name with edge spaces. */
export function hasEdgeSpace(name: string): boolean {
  return /^\s|\s$/u.test(name);
}

/** Problems with a folder path, or undefined when it is absolute and clean. `/` is the root. */
export function folderPathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return `folder path "${path}" must be absolute, like /reports/monthly`;
  if (path === '/') return undefined;
  const segments = path.replace(/\/$/, '').split('/').slice(1);
  for (const segment of segments) {
    if (segment === '') return `folder path "${path}" has an empty segment`;
    if (segment === '.' || segment === '..') return `folder path "${path}" may not contain "." or ".."`;
    if (hasControlCharacter(segment)) return `folder path "${path}" contains a control character`;
    if (hasEdgeSpace(segment)) return `folder path "${path}" has a name that starts or ends with a space ("${segment}")`;
  }
  return undefined;
}

/** Splits a clean absolute folder path into its segments (`/a/b/` → ['a', 'b'], `/` → []). */
export function folderSegments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** A clean absolute folder path in its one spelling (`/a/b/` → `/a/b`, `/` → `/`). */
export function folderPath(path: string): string {
  return `/${folderSegments(path).join('/')}`;
}

/** Column names as object keys: a name met again gets `_1`, `_2`, ... as DuckDB names a table's repeated columns. */
export function distinctKeys(columns: string[]): string[] {
  const taken = new Set<string>();
  return columns.map((name) => {
    let key = name;
    for (let n = 1; taken.has(key); n++) key = `${name}_${n}`;
    taken.add(key);
    return key;
  });
}
