import { describe, expect, it } from 'vitest';
import { getJdbcDriver, getSqlAlchemyDriver, getSupportedDrivers } from '../src/api/drivers.js';
import { Http } from '../src/api/http.js';
import type { WireRequest, WireResponse } from '../src/api/transport.js';
import { ZONE_BASE_URLS } from '../src/config/zones.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// dgw's own additions to the document (cron cache schedules, an incremental column, a project on
// the driver operations) serve its local gateway, in process or `dgw serve` at a base URL; a hosted
// zone is sent only what the document names.

/** An Http on `baseUrl` whose every answer is `{"JDBC": ...}`; the URLs asked for are kept. */
function recording(baseUrl: string): { http: Http; urls: string[] } {
  const urls: string[] = [];
  const http = new Http({
    baseUrl,
    apiKey: 'hosted-zone-key-1234',
    timeoutMs: 5000,
    retries: 0,
    transport: async (request: WireRequest): Promise<WireResponse> => {
      urls.push(request.url.slice(baseUrl.length));
      return { status: 200, statusText: 'OK', header: () => 'application/json', whole: async () => '{"JDBC":"jdbc:x","SQL_ALCHEMY":"y"}', read: async () => null, cancel: async () => undefined };
    },
  });
  return { http, urls };
}

describe('a hosted zone is sent only what the document names', () => {
  it('the driver operations name no project to a hosted zone; to any other base URL (`dgw serve` needs it with its partner key) they do', async () => {
    for (const zone of Object.values(ZONE_BASE_URLS)) {
      const { http, urls } = recording(zone);
      await getSupportedDrivers(http, 'p1', 'shop');
      await getJdbcDriver(http, 'p1');
      await getSqlAlchemyDriver(http, 'p1', 'shop');
      expect(urls).toEqual(['/supportedDrivers?catalogName=shop', '/supportedDrivers/jdbc', '/supportedDrivers/sql_alchemy?catalogName=shop']);
    }
    const served = recording('http://127.0.0.1:9/api/v1');
    await getJdbcDriver(served.http, 'p1');
    expect(served.urls).toEqual(['/supportedDrivers/jdbc?projectId=p1']);
  });

  it('cache create and update refuse cron schedules and --incremental-column for a hosted zone (exit 2), before sending anything', async () => {
    const home = tempDir();
    try {
      const env = { DGW_CONFIG_DIR: home.dir, DGW_API_KEY: 'hosted-zone-key-1234', DGW_PROJECT: 'p1' };
      for (const args of [
        ['--zone', 'eu', 'cache', 'create', 'orders', '--cron', '0 2 * * *', '--tz', 'Europe/Berlin'],
        ['--zone', 'default', 'cache', 'create', 'orders', '--incremental-cron', '0 * * * *'],
        ['--zone', 'default', 'cache', 'create', 'orders', '--every', '6h', '--incremental-column', 'order_id'],
        ['--zone', 'default', 'cache', 'update', 'orders', '--cron', '30 2 * * *', '--dry-run'],
        ['--base-url', ZONE_BASE_URLS.default, 'cache', 'update', 'orders', '--incremental-column', 'order_id'],
      ]) {
        const r = await runInProcess(args, { env, cwd: home.dir });
        expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(2);
        expect(r.stderr).toMatch(/--(incremental-)?(cron|column) is the local gateway's: the hosted service/);
        expect(r.stdout).toBe('');
      }
    } finally {
      home.remove();
    }
  });
});
