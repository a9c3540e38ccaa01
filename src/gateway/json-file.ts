import { chmod, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileFault } from '../local-faults.js';
import { Mutex } from './mutex.js';

/** Replaces `file` whole with `data` as JSON (mode 0600): a write cut short leaves the old file, never half a new one. */
export async function writeJsonFile(file: string, data: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw fileFault(error, file) ?? error;
  }
}

/** What a JSON file of the data folder holds (or, without a file, what memory holds), changed one change at a time. */
export abstract class JsonFileStore<T> {
  // Saves run one at a time, each writing the whole file: two at once would share the temporary file.
  private readonly saving = new Mutex();

  protected constructor(
    protected data: T,
    private readonly file: string | undefined,
  ) {}

  /** Applies a change once the saves before it are written; a change the disk refused is not kept. */
  protected change(next: (data: T) => T): Promise<void> {
    return this.saving.run(async () => {
      const changed = next(this.data);
      if (this.file) await writeJsonFile(this.file, changed);
      this.data = changed;
    });
  }
}

