import path from 'node:path';
import { normaliseScope } from '../../code/layout.js';
import { loadProjectFile } from '../../config/project-file.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

/** Where the query files of this run live, and which folders they manage. */
export interface CodeLocation {
  root: string;
  /** The directory as messages name it, ending in `/` (`queries/`). */
  label: string;
  /** The managed folders (`/` for the whole project). */
  scope: string[];
}

/** `--dir`, else the project file's `code.dir`, else `./queries`. */
export async function codeLocation(ctx: Context, dirFlag: string | undefined): Promise<CodeLocation> {
  // An empty --dir (an unset variable?) would be the current folder, with whatever .sql files it holds.
  if (dirFlag !== undefined && dirFlag.trim() === '') throw new UsageError('--dir is empty', 'pass the directory of the query files, e.g. --dir queries');
  const projectFile = await loadProjectFile(ctx.cwd);
  const configured = projectFile?.code?.dir;
  const root =
    dirFlag !== undefined
      ? path.resolve(ctx.cwd, dirFlag)
      : configured !== undefined
        ? path.resolve(path.dirname(projectFile!.filepath), configured)
        : path.resolve(ctx.cwd, 'queries');
  const shown = dirFlag ?? (configured !== undefined ? path.relative(ctx.cwd, root) || '.' : 'queries');
  return { root, label: shown.endsWith('/') ? shown : `${shown}/`, scope: normaliseScope(projectFile?.code?.folders ?? []) };
}
