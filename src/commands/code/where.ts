import fs from 'node:fs';
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
  if (dirFlag === undefined && configured !== undefined) keepInside(root, projectFile!.filepath);
  const shown = dirFlag ?? (configured !== undefined ? path.relative(ctx.cwd, root) || '.' : 'queries');
  return { root, label: shown.endsWith('/') ? shown : `${shown}/`, scope: normaliseScope(projectFile?.code?.folders ?? []) };
}

/** A committed project file may not point `pull --force` and `apply` at files outside its own folder, through `..`, an absolute path or a link. */
function keepInside(root: string, filepath: string): void {
  const folder = path.dirname(filepath);
  const base = path.basename(folder) === '.config' ? path.dirname(folder) : folder;
  // The nearest folder that exists, resolved: pull makes the rest below it.
  const real = (p: string): string => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.dirname(p) === p ? p : path.join(real(path.dirname(p)), path.basename(p));
    }
  };
  const outside = (from: string, to: string) => /^\.\.(?:[\\/]|$)/.test(path.relative(from, to)) || path.isAbsolute(path.relative(from, to));
  if (outside(base, root) || outside(real(base), real(root))) {
    throw new UsageError(`project file ${filepath}: code.dir ${root} is outside the project file's folder ${base}`, 'a project file may only name a directory inside its own folder; give another place with --dir');
  }
}
