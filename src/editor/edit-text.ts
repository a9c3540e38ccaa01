import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DgwError, InterruptedError } from '../errors.js';
import { readTextIfThere } from '../local-faults.js';

/** What `editText` needs: the text, a file name for it, and the process's surroundings. */
export interface EditRequest {
  text: string;
  /** The temporary file's name (its extension tells the editor the language), e.g. `revenue.sql`. */
  fileName: string;
  env: Record<string, string | undefined>;
  /** Aborting it (SIGTERM to dgw) stops the editor; the file is removed all the same. */
  signal: AbortSignal;
}

/** Edits `text` in a private temporary file; on failure or Ctrl-C a changed text is kept first, and the error names where. */
export async function editText(request: EditRequest): Promise<string> {
  // $VISUAL, else $EDITOR, else vi: a shell command line, as git runs it.
  const editor = request.env.VISUAL?.trim() || request.env.EDITOR?.trim() || (process.platform === 'win32' ? 'notepad' : 'vi');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-edit-'));
  const file = path.join(dir, safeFileName(request.fileName));
  try {
    fs.writeFileSync(file, request.text, { mode: 0o600, flag: 'wx' });
    await runEditor(editor, file, request.env, request.signal);
    const text = readTextIfThere(file);
    if (text === undefined) throw new DgwError('usage', `the editor removed ${path.basename(file)}; nothing was saved`);
    return text;
  } catch (error) {
    const saved = readTextIfThere(file);
    if (saved === undefined || saved === request.text || !(error instanceof DgwError)) throw error;
    throw withKeptText(error, keepText(saved, request.fileName));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An error whose message says where the text the user typed is kept. */
export class KeptTextError extends DgwError {}

/** `error`, saying that the text the user typed is kept in `file` (same kind: same exit code). */
export function withKeptText(error: DgwError, file: string, hint?: string): KeptTextError {
  return new KeptTextError(error.kind, `${error.message}; your text is kept in ${file}`, { hint: hint ?? error.hint, status: error.status, errorCode: error.errorCode, cause: error });
}

function runEditor(editor: string, file: string, env: Record<string, string | undefined>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new InterruptedError());
    // As git runs it, but with `exec`, so no shell between dgw and the editor dies of Ctrl-C.
    const child =
      process.platform === 'win32'
        ? spawn(`${editor} "${file}"`, { shell: true, stdio: 'inherit', env: env as NodeJS.ProcessEnv })
        : spawn('/bin/sh', ['-c', `exec ${editor} "$@"`, editor, file], { stdio: 'inherit', env: env as NodeJS.ProcessEnv });
    const stop = () => child.kill('SIGTERM');
    signal.addEventListener('abort', stop, { once: true });
    child.on('error', (error) => {
      signal.removeEventListener('abort', stop);
      reject(new DgwError('usage', `cannot start the editor (${editor}): ${error.message}`, { hint: 'set VISUAL or EDITOR to your editor, e.g. EDITOR="code --wait"' }));
    });
    child.on('exit', (code, killedBy) => {
      signal.removeEventListener('abort', stop);
      if (signal.aborted || killedBy === 'SIGINT') return reject(new InterruptedError());
      if (code === 0) return resolve();
      const how = killedBy ? `was stopped by ${killedBy}` : `exited with status ${code}`;
      // 127: the shell found no such command.
      const hint = code === 127 ? 'set VISUAL or EDITOR to your editor, e.g. EDITOR="code --wait"' : undefined;
      reject(new DgwError('usage', `the editor (${editor}) ${how}; nothing was saved`, { hint }));
    });
  });
}

/** The query's name as a file name: letters, digits, `_`, `-` and `.`, never empty. */
function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '');
  return cleaned || 'query.sql';
}

/** Keeps `text` in a private file (0600) for an edit that could not be saved; returns its path. */
export function keepText(text: string, fileName: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-edit-kept-'));
  const file = path.join(dir, safeFileName(fileName));
  fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  return file;
}
