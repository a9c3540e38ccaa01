import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A burst of Tabs costs one request, and a new name shows up soon. */
const COMPLETION_TTL_MS = 20_000;

/** Short-lived completion answers keyed by everything that decides them, names only; anything wrong with it is a miss. */
export class CompletionCache {
  constructor(private readonly dir: string) {}

  /** The cached value for `key`, or what `load` answers (then stored). */
  async get<T>(key: readonly string[], load: () => Promise<T>): Promise<T> {
    const file = path.join(this.dir, `${createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 32)}.json`);
    const hit = this.read<T>(file);
    if (hit !== undefined) return hit;
    const value = await load();
    this.write(file, value);
    return value;
  }

  private read<T>(file: string): T | undefined {
    try {
      const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as { at?: unknown; value?: T };
      if (typeof entry.at !== 'number' || entry.at > Date.now() || Date.now() - entry.at > COMPLETION_TTL_MS) return undefined;
      return entry.value;
    } catch {
      return undefined;
    }
  }

  private write(file: string, value: unknown): void {
    const temp = `${file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(temp, JSON.stringify({ at: Date.now(), value }), { mode: 0o600 });
      fs.renameSync(temp, file);
    } catch {
      // A cache that cannot be written only costs the next Tab a request.
      if (fs.existsSync(temp)) fs.rmSync(temp);
    }
  }
}
