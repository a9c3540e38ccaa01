import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLock } from '../../src/gateway/lock.js';
import { holdLock } from '../../src/config/settings-lock.js';
import { exitCodeFor } from '../../src/errors.js';
import { tempDir } from '../support/dgw.js';

// A stale lock's breaker that cannot be removed (a folder left in its place) ended in no answer: the wait spun forever.

const tmp = tempDir('dgw-breaker-folder-');
afterAll(() => tmp.remove());
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** A stale `file` beside a breaker folder last touched a minute ago. */
function staleWithBreakerFolder(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.mkdirSync(`${file}.break`);
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(`${file}.break`, past, past);
}

describe('a stale lock whose breaker is a folder', () => {
  it('the data folder\'s: exit 13 naming the breaker, not a wait without end', async () => {
    const dir = path.join(tmp.dir, 'data');
    staleWithBreakerFolder(path.join(dir, 'gateway.lock'), `${JSON.stringify({ pid: deadPid(), mode: 'serve', url: null, startedAt: new Date(0).toISOString() })}\n`);
    const error = await acquireLock(dir, 'in-process', { waitMs: 1000 }).then(() => undefined, (e: unknown) => e);
    expect(exitCodeFor(error)).toBe(13);
    expect((error as Error).message).toContain(path.join(dir, 'gateway.lock.break'));
  });

  it('the settings\': exit 13 naming the breaker', async () => {
    const file = path.join(tmp.dir, 'config', 'config.json.lock');
    staleWithBreakerFolder(file, `${deadPid()}\n`);
    const error = await holdLock(file).then(() => undefined, (e: unknown) => e);
    expect(exitCodeFor(error)).toBe(13);
    expect((error as Error).message).toContain(`${file}.break`);
  });
});
