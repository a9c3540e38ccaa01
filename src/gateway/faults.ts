import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { duckMessage, HttpError } from './errors.js';
import { LOCAL_DEFAULT_PROJECT } from '../config/zones.js';

// Each pattern is anchored on DuckDB's error type so SQL cannot forge one with error('...').
const DISK_FULL = /^(?:IO|TransactionContext|Out of Memory|FATAL) Error: [\s\S]*(?:No space left on device|Disk quota exceeded)/;
const DAMAGED =
  /^(?:IO Error: (?:Corrupt database file|Corrupt WAL file|Failure while replaying WAL file|Could not read enough bytes from file|The file .* exists, but it is not a valid DuckDB database file)|Serialization Error: )/;
const HELD = /^IO Error: Could not set lock on file /;
const NO_ACCESS = /^(?:IO|TransactionContext|FATAL) Error: [\s\S]*(?:Permission denied|Read-only file system|Operation not permitted)/;

/** The project a fault happened in: its id and database file (undefined in memory). */
export interface FaultSite {
  projectId: string;
  file?: string;
}

/** The local gateway's own fault codes, which the CLI maps to exit codes. */
export const FAULT_CODES = { diskFull: 'DISK_FULL', damaged: 'DATABASE_DAMAGED', busy: 'DATABASE_BUSY', newer: 'DATABASE_NEWER', access: 'FILE_ACCESS' } as const;

/** True when `error` says the disk is full, in DuckDB's words or as ENOSPC/EDQUOT. */
export function diskIsFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || DISK_FULL.test(duckMessage(error));
}

/** A full disk, damaged file or lock held by another program, as an answer naming the file; undefined otherwise. */
export function duckFault(error: unknown, site: FaultSite): HttpError | undefined {
  if (error instanceof HttpError) return undefined;
  const message = duckMessage(error);
  const file = site.file ?? `project ${site.projectId} (in memory)`;
  if (DISK_FULL.test(message)) {
    return new HttpError(
      507,
      `the disk is full: the change to project ${site.projectId} could not be written to ${file} and was not made (${message}); free some space on the disk holding ${dirname(file)}, then try again: what was saved before is kept`,
      FAULT_CODES.diskFull,
    );
  }
  if (DAMAGED.test(message)) {
    return new HttpError(
      500,
      `the database of project ${site.projectId} is damaged: ${file} (${message}); stop every dgw using it, then restore the file (and its .wal beside it) from a backup, or move both aside and make the project afresh, empty${site.projectId === LOCAL_DEFAULT_PROJECT ? ' (the demo project is made again, seeded, when dgw next starts)' : ` (\`dgw --zone local project create ${site.projectId}\`)`}`,
      FAULT_CODES.damaged,
    );
  }
  if (NO_ACCESS.test(message)) {
    return new HttpError(
      500,
      `the system refused access to the database of project ${site.projectId}, ${file}, or its folder (${message}); check who owns them and their permissions (dgw keeps its files for their owner alone), then try again: nothing was changed`,
      FAULT_CODES.access,
    );
  }
  if (HELD.test(message)) {
    return new HttpError(
      503,
      `the database of project ${site.projectId}, ${file}, is open in another program (${message}); close that program (or wait for it to finish), then try again`,
      FAULT_CODES.busy,
    );
  }
  return undefined;
}

/** A folder, named pipe, socket or symbolic-link loop where a project's database or its WAL goes: DuckDB would fail without naming it, or wait for ever on a pipe. A device is DuckDB's to use (a WAL on /dev/full is how the tests fill a disk). */
export async function notAFile(site: Required<FaultSite>): Promise<HttpError | undefined> {
  for (const path of [site.file, `${site.file}.wal`]) {
    const what = await stat(path).then(
      (found) => (found.isDirectory() ? 'a folder' : found.isFIFO() ? 'a named pipe' : found.isSocket() ? 'a socket' : undefined),
      (error: NodeJS.ErrnoException) => (error.code === 'ELOOP' ? 'a loop of symbolic links' : undefined),
    );
    if (!what) continue;
    const then =
      path !== site.file ? `then try again: its database, ${site.file}, opens as it was last written`
      : site.projectId === LOCAL_DEFAULT_PROJECT ? 'then try again: the demo project is made again, seeded'
      : `then make the project afresh, empty: dgw --zone local project create ${site.projectId}`;
    return new HttpError(500, `the database of project ${site.projectId} cannot be opened: ${path} is ${what}, not a file; move it aside, ${then}`, FAULT_CODES.damaged);
  }
  return undefined;
}

/** True when another process holds the database file's lock (worth waiting for). */
export function heldByAnother(error: unknown): boolean {
  return HELD.test(duckMessage(error));
}
