import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveMappings } from '../src/gateway/transfer/import-csv.js';
import { planMappings } from '../src/transfer/import-plan.js';
import { MAX_COLUMNS } from '../src/transfer/csv-records.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';
import { RecordingServer } from './support/recording-server.js';

// A wide header was mapped in quadratic time on the main thread (10,000 columns took 29.5 s, and
// Ctrl-C waited for it; on dgw serve one such import stalled every other client). Mapping is linear
// now, on both sides, and a file with more than MAX_COLUMNS columns is refused before anything else.

const tmp = tempDir('dgw-wide-');
afterAll(() => tmp.remove());
const names = (n: number) => Array.from({ length: n }, (_, i) => `Col_${i}`);

/** `items` behind a proxy that counts each element read: how much of it the mapping walks, the work it does, which no clock or load changes. */
function counted<T>(items: T[], reads: { n: number }): T[] {
  return new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.n++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

describe('mapping a wide header', () => {
  it('one file of 10,000 columns reads about as many elements as ten files of 1,000, not ten times as many (the CLI and the gateway)', () => {
    const cli = (n: number, reads: { n: number }) =>
      planMappings({ header: counted(names(n), reads), fieldCount: n, sample: [] }, counted(names(n).map((c) => c.toLowerCase()), reads), [], 't');
    const gateway = (n: number, reads: { n: number }) =>
      resolveMappings(
        { containsHeader: true, mappings: counted(names(n).map((c) => ({ name: c.toLowerCase(), csvColumnName: c })), reads) },
        counted(names(n).map((c) => ({ name: c.toLowerCase(), dataType: 'VARCHAR', notNull: false, unique: false, defaultValue: null })), reads),
        counted(names(n), reads),
      );
    for (const [side, map] of [['cli', cli], ['gateway', gateway]] as const) {
      // The same number of columns mapped either way: 10 files of 1,000 against one of 10,000.
      const small = { n: 0 };
      for (let i = 0; i < 10; i++) map(MAX_COLUMNS / 10, small);
      const large = { n: 0 };
      map(MAX_COLUMNS, large);
      // Linear: about 1x; a search per column: about 10x.
      expect(small.n, side).toBeGreaterThan(0);
      expect(large.n / small.n, `${side}: ${large.n} reads against ${small.n}`).toBeLessThan(2);
    }
  });

  it(`a file of more than ${MAX_COLUMNS} columns is exit 2 before anything is sent, naming the limit`, async () => {
    const server = await new RecordingServer().start();
    try {
      const file = path.join(tmp.dir, 'wide.csv');
      fs.writeFileSync(file, `${names(MAX_COLUMNS + 1).join(',')}\n${names(MAX_COLUMNS + 1).map((_, i) => i).join(',')}\n`);
      const r = await runInProcess(['table', 'import', 'wide', file, '--create'], { env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_BASE_URL: server.baseUrl, DGW_API_KEY: 'k-123456', DGW_PROJECT: 'p' } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`has ${MAX_COLUMNS + 1} columns; an import takes at most 10,000`);
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
