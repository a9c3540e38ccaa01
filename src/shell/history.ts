import fs from 'node:fs';
import path from 'node:path';

/** How many lines the SQL shell remembers across runs. */
export const HISTORY_SIZE = 1000;

/** The SQL shell's history in a private file; unreadable is empty, unwritable is lost quietly. */
export class HistoryFile {
  /** `secrets`: texts (the API key in use) no saved line may hold; a line holding one is not saved. */
  constructor(
    readonly file: string,
    private readonly secrets: readonly string[] = [],
  ) {}

  /** The remembered lines, newest first (as readline keeps them). */
  load(): string[] {
    try {
      return fs.readFileSync(this.file, 'utf8').split('\n').filter((l) => l.trim() !== '').slice(-HISTORY_SIZE).reverse();
    } catch {
      return [];
    }
  }

  /** Replaces the file with `newestFirst`, kept to HISTORY_SIZE lines. */
  save(newestFirst: readonly string[]): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      const secrets = this.secrets.filter((secret) => secret.length > 0);
      const kept = newestFirst.filter((line) => !secrets.some((secret) => line.includes(secret)));
      fs.writeFileSync(temp, `${kept.slice(0, HISTORY_SIZE).reverse().join('\n')}\n`, { mode: 0o600 });
      fs.renameSync(temp, this.file);
      fs.chmodSync(this.file, 0o600);
    } catch {
      // The shell goes on without a saved history.
      if (fs.existsSync(temp)) fs.rmSync(temp);
    }
  }
}
