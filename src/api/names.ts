/**
 * The SQL name of a query, derived from its display name the way the hosted service's examples
 * do: lower-cased, keeping only `[a-z0-9_]` (`Revenue Report` → `revenuereport`).
 */
export function deriveQueryName(displayName: string): string {
  return displayName.toLowerCase().replace(/[^a-z0-9_]/g, '');
}

/** The longest SQL name the local gateway accepts (the hosted service documents no limit). */
export const MAX_QUERY_NAME = 128;

/** True when a text holds a control character (C0, DEL or C1): never part of a name or path dgw sends. */
export function hasControlCharacter(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}

/**
 * True when a name starts or ends with white space. `/reports` and `/ reports` would be two
 * folders that print alike, so neither dgw nor its gateway makes or names one (an old folder
 * named so is still reached by its id, and renamed).
 */
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
