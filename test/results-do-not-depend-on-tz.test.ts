import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';

// The local gateway's results must not depend on the TZ of the process that runs it: a user's
// in-process command and `dgw serve` (or a server's scheduler refreshing a materialized query)
// gave different dates and hours for the same TIMESTAMPTZ, and JSON wrote its text with the
// offset TZ had in winter all year round (15:00-05 for 16:00-04 in New York in June).

const home = tempDir('dgw-tz-');
afterAll(() => home.remove());
const env = { DGW_CONFIG_DIR: path.join(home.dir, 'config'), DGW_LOCAL_DIR: path.join(home.dir, 'local'), DGW_ZONE: 'local' };
const SQL = "SELECT CAST(TIMESTAMPTZ '2024-06-30 20:00:00+00' AS DATE) AS d, hour(TIMESTAMPTZ '2024-06-30 20:00:00+00') AS h, TIMESTAMPTZ '2024-06-30 20:00:00.5+00' AS summer, [TIMESTAMPTZ '2024-01-30 20:00:00+00'] AS winter";

describe('a TIMESTAMPTZ on the local gateway', () => {
  it('gives the same dates, hours and texts whatever TZ dgw runs in: UTC, as DuckDB writes it', async () => {
    const outputs = new Set<string>();
    for (const TZ of ['Asia/Tokyo', 'America/New_York', 'UTC']) {
      for (const format of [['--json'], ['--format', 'csv']]) {
        const r = await runDgw(['sql', SQL, ...format], { env: { ...env, TZ } });
        expect(r.code, r.stderr).toBe(0);
        outputs.add(`${format[0]} ${r.stdout}`);
      }
    }
    expect([...outputs].sort()).toEqual([
      '--format d,h,summer,winter\n2024-06-30,20,2024-06-30 20:00:00.5+00,[\'2024-01-30 20:00:00+00\']\n',
      '--json [{"d":"2024-06-30","h":"20","summer":"2024-06-30 20:00:00.5+00","winter":["2024-01-30 20:00:00+00"]}]\n',
    ]);
  }, 60_000);
});
