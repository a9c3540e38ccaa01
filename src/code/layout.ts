import { deriveQueryName, folderPath, folderSegments, hasControlCharacter, hasEdgeSpace, MAX_QUERY_NAME } from '../api/names.js';
import { KNOWLEDGE_FILES } from './knowledge/model.js';

// The layout of queries as code: folder `/a/b` is directory `a/b/`, a query is `<name>.sql` in it.

export const SQL_EXTENSION = '.sql';

/** Why a text is not a SQL name the service could have derived, or undefined when it is one. */
export function sqlNameProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  if (!/^[a-z0-9_]+$/.test(name)) return 'is not a SQL name: use lower-case letters, digits and _ only (the service derives names that way)';
  if (name.length > MAX_QUERY_NAME) return `is longer than ${MAX_QUERY_NAME} characters`;
  return undefined;
}

/** Why a folder name has no safe directory (hidden, ending in `.sql`, separators or control characters), or undefined. */
export function folderNameProblem(name: string, platform: NodeJS.Platform = process.platform): string | undefined {
  if (name === '' || name === '.' || name === '..') return 'is not a folder name';
  if (name.startsWith('.')) return 'starts with "." (hidden entries are skipped)';
  if (name.toLowerCase().endsWith(SQL_EXTENSION)) return `ends in ${SQL_EXTENSION}, which would read as a query`;
  if (/[/\\]/.test(name)) return 'contains a path separator';
  if (hasControlCharacter(name)) return 'contains a control character';
  if (hasEdgeSpace(name)) return 'starts or ends with white space, which no folder name may';
  if (Buffer.byteLength(name) > 255) return 'is longer than 255 bytes';
  if (platform === 'win32') return windowsNameProblem(name);
  return undefined;
}

/** Why a project query has no file: a name the service would not derive (from its display name: an earlier dgw derived some otherwise), or a Windows device name (`con.sql`). */
export function queryFileProblem({ name, displayName }: { name: string; displayName: string }, platform: NodeJS.Platform = process.platform): string | undefined {
  const problem = sqlNameProblem(name);
  if (problem) return problem;
  if (deriveQueryName(displayName) !== name) return `is not the one its display name "${displayName}" gives (${deriveQueryName(displayName)}), which a file's must be`;
  if (platform === 'win32' && WINDOWS_DEVICE.test(name)) return 'is a device name on Windows, where its file would not be a file';
  return undefined;
}

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

function windowsNameProblem(name: string): string | undefined {
  if (/[<>:"|?*]/.test(name)) return 'contains one of < > : " | ? *, which Windows refuses in a directory name';
  if (/[. ]$/.test(name)) return 'ends in a dot or a space, which Windows drops from a directory name';
  if (WINDOWS_DEVICE.test(name)) return 'is a device name on Windows';
  return undefined;
}

/** Two names a case-insensitive file system (macOS, Windows) holds as one: compared folded. */
export function foldedName(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** How two names that fold alike differ (letter case, Unicode normalization or both), and the systems that would hold them as one: Windows folds case, not normalization. */
export function foldedDifference(name: string, other: string): { how: string; systems: string } {
  if (name.normalize('NFC') === other.normalize('NFC')) return { how: 'Unicode normalization (the same letters composed or decomposed)', systems: 'macOS' };
  if (name.toLowerCase() === other.toLowerCase()) return { how: 'letter case', systems: 'macOS and Windows' };
  return { how: 'letter case and Unicode normalization', systems: 'macOS' };
}

/** A name as it prints; where two differ in normalization (and print alike), with its JSON spelling, every character beyond ASCII escaped (`/ü ("/u\u0308")`). */
export function shownName(name: string, other: string): string {
  if (name.normalize('NFC') === name && other.normalize('NFC') === other) return name;
  return `${name} (${JSON.stringify(name).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)})`;
}

/** Why each folder has no directory: an unsafe name, or a path equal to an earlier one but for case or Unicode normalization. */
export function layoutProblems(folders: string[], platform: NodeJS.Platform = process.platform): (folder: string) => string | undefined {
  const first = new Map<string, string>();
  const clashes = new Map<string, string>();
  for (const folder of [...new Set(folders)].sort()) {
    const key = foldedName(folder);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, folder);
    else if (earlier !== folder) clashes.set(folder, earlier);
  }
  return (folder) => {
    const problem = folderPathLayoutProblem(folder, platform);
    if (problem) return problem;
    for (const [clash, earlier] of clashes) {
      if (!isWithin(folder, clash)) continue;
      const { how, systems } = foldedDifference(clash, earlier);
      return `path ${shownName(clash, earlier)} differs from ${shownName(earlier, clash)} only in ${how}, and ${systems} would keep both in one directory`;
    }
    return undefined;
  };
}

/** The folder a file's directory stands for: `reports/monthly/x.sql` → `/reports/monthly`. */
export function folderOfFile(file: string): string {
  const parts = file.split('/');
  return `/${parts.slice(0, -1).join('/')}`;
}

/** The file a query is kept in: (`/reports`, `daily`) → `reports/daily.sql`. */
export function fileFor(folder: string, name: string): string {
  return [...folderSegments(folder), `${name}${SQL_EXTENSION}`].join('/');
}

/** The directory (relative, `/`-separated; '' for the root) a folder is kept in. */
export function dirFor(folder: string): string {
  return folderSegments(folder).join('/');
}

/** Whether `folder` is `ancestor` or below it. */
export function isWithin(folder: string, ancestor: string): boolean {
  return ancestor === '/' || folder === ancestor || folder.startsWith(`${ancestor}/`);
}

export function inScope(folder: string, scope: string[]): boolean {
  return scope.some((root) => isWithin(folder, root));
}

/** Managed folders without repeats or nesting; `['/']` when none are named. */
export function normaliseScope(folders: string[]): string[] {
  const clean = [...new Set(folders.map(folderPath))].sort();
  if (clean.length === 0 || clean.includes('/')) return ['/'];
  return clean.filter((f) => !clean.some((other) => other !== f && isWithin(f, other)));
}

/** Why a folder path cannot be laid out as directories, or undefined. */
export function folderPathLayoutProblem(folder: string, platform: NodeJS.Platform = process.platform): string | undefined {
  const top = folderSegments(folder)[0] ?? '';
  if ((Object.values(KNOWLEDGE_FILES) as string[]).includes(foldedName(top))) return `folder name "${top}" is the name of a knowledge file at the top of the directory`;
  for (const segment of folderSegments(folder)) {
    const problem = folderNameProblem(segment, platform);
    if (problem) return `folder name "${segment}" ${problem}`;
  }
  return undefined;
}
