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

/** This thread's CPU time in ms: what another process takes of the machine is not counted, as a clock would count it. */
function cpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/** The median of seven CPU timings of `work` run `times` times, in ms. */
function timed(work: () => void, times: number): number {
  const samples = Array.from({ length: 7 }, () => {
    const started = cpuMs();
    for (let i = 0; i < times; i++) work();
    return cpuMs() - started;
  });
  return samples.sort((a, b) => a - b)[3];
}

describe('mapping a wide header', () => {
  it('one file of 10,000 columns maps in about the time of ten files of 1,000, not ten times it (the CLI and the gateway)', () => {
    const cli = (n: number) => () => planMappings({ header: names(n), fieldCount: n, sample: [] }, names(n).map((c) => c.toLowerCase()), [], 't');
    const gateway = (n: number) => () =>
      resolveMappings({ containsHeader: true, mappings: names(n).map((c) => ({ name: c.toLowerCase(), csvColumnName: c })) }, names(n).map((c) => ({ name: c.toLowerCase(), dataType: 'VARCHAR', notNull: false, unique: false, defaultValue: null })), names(n));
    for (const map of [cli, gateway]) {
      map(MAX_COLUMNS)();
      // The same number of columns mapped either way: 10 files of 1,000 against one of 10,000.
      const small = timed(map(MAX_COLUMNS / 10), 30);
      const large = timed(map(MAX_COLUMNS), 3);
      // Linear: about 1x; quadratic: about 10x.
      expect(large / small).toBeLessThan(4);
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
