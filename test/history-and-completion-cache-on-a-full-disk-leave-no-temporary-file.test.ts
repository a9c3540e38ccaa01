import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CompletionCache } from '../src/completion/cache.js';
import { HistoryFile } from '../src/shell/history.js';
import { tempDir } from './support/dgw.js';

// A full disk, injected: the temporary file is a link to /dev/full, which fails every write with
// ENOSPC. Each failure left an empty `*.PID.tmp` in the folder (one more at each try).

const tmp = tempDir('dgw-full-caches-');
afterAll(() => tmp.remove());

describe.skipIf(!fs.existsSync('/dev/full'))('the SQL shell history and the completion cache on a full disk', () => {
  it('a history that cannot be written leaves no sql_history.PID.tmp', () => {
    const file = path.join(tmp.dir, 'history', 'sql_history');
    fs.mkdirSync(path.dirname(file));
    fs.symlinkSync('/dev/full', `${file}.${process.pid}.tmp`);
    new HistoryFile(file).save(['SELECT 1']);
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
  });

  it('a completion answer that cannot be cached is still answered, and leaves no KEY.json.PID.tmp', async () => {
    const dir = path.join(tmp.dir, 'completion');
    const cache = new CompletionCache(dir);
    expect(await cache.get(['first'], async () => ['q1'])).toEqual(['q1']);
    const [entry] = fs.readdirSync(dir);
    fs.rmSync(path.join(dir, entry));
    fs.symlinkSync('/dev/full', path.join(dir, `${entry}.${process.pid}.tmp`));
    expect(await cache.get(['first'], async () => ['q2'])).toEqual(['q2']);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
