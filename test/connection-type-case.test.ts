import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { useStandIn } from './support/stand-in.js';

// `dgw connection config TYPE` matches a type case-insensitively when exactly one type matches
// (types are spelled POSTGRES, google_sheets), and points to `dgw connection types` otherwise.

const config = (connectionType: string, label = connectionType) => ({
  connectionType,
  connectionTypeLabel: label,
  name: label,
  authorizationType: 'custom',
  credentialSchemaType: 'x_credential_schema',
  redirectRequired: false,
  category: 'Database',
  configuration: [{ fieldName: 'url', required: true, description: 'where' }],
  documentationUrl: 'https://example.com',
});
const TYPES = [config('POSTGRES', 'PostgreSQL'), config('google_sheets', 'Google Sheets'), config('stripe', 'Stripe')];

describe('against the recording stand-in', () => {
  const { server, dgw } = useStandIn();
  const paths = () => server.requests.map((r) => `${r.method} ${r.path.replace(/^\/api\/v1/, '')}`);

  it('the exact type is one request', async () => {
    server.on('GET', '/connections/config/POSTGRES', { json: TYPES[0] });
    const r = await dgw(['connection', 'config', 'POSTGRES']);
    expect(r.code, r.stderr).toBe(0);
    expect(paths()).toEqual(['GET /connections/config/POSTGRES']);
    expect(r.stderr).toBe('');
  });

  it('postgres: the exact read is 404, the list has one match, which is shown (two requests)', async () => {
    server.on('GET', '/connections/config', { json: TYPES });
    const r = await dgw(['connection', 'config', 'postgres']);
    expect(r.code, r.stderr).toBe(0);
    expect(paths()).toEqual(['GET /connections/config/postgres', 'GET /connections/config']);
    expect(r.stdout).toMatch(/^CONNECTION TYPE\tPOSTGRES$/m);
    expect(r.stdout).toMatch(/^url\ttrue\twhere$/m);
    expect(r.stderr).toContain('connection type POSTGRES (matched "postgres" ignoring case)');
  });

  it('--json prints the matched type and nothing else', async () => {
    server.on('GET', '/connections/config', { json: TYPES });
    const r = await dgw(['connection', 'config', 'GOOGLE_SHEETS', '--json', 'connectionType']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ connectionType: 'google_sheets' });
  });

  it('no match: exit 4, a suggestion, and `dgw connection types` rather than a raw API call', async () => {
    server.on('GET', '/connections/config', { json: TYPES });
    const r = await dgw(['connection', 'config', 'postgress']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: no connection type "postgress"; did you mean "POSTGRES"\?$/m);
    expect(r.stderr).toMatch(/^hint: run `dgw connection types` to list them$/m);
    expect(r.stderr).not.toMatch(/GET \/connections/);
  });

  it('two types differing only in case: exit 14 (found by reading the list), naming both', async () => {
    server.on('GET', '/connections/config', { json: [...TYPES, config('Stripe')] });
    const r = await dgw(['connection', 'config', 'STRIPE']);
    expect(r.code).toBe(14);
    expect(r.stderr).toMatch(/matches 2 types that differ only in case: stripe, Stripe/);
  });

  it('another failure of the exact read is reported as it is, without the list', async () => {
    server.on('GET', '/connections/config/postgres', { status: 403, json: { errorCode: 'FORBIDDEN', message: 'no' } });
    const r = await dgw(['connection', 'config', 'postgres']);
    expect(r.code).toBe(3);
    expect(paths()).toEqual(['GET /connections/config/postgres']);
  });
});

describe('on the local gateway', () => {
  const tmp = tempDir('dgw-conn-');
  afterAll(() => tmp.remove());

  it('dgw --zone local connection config postgres shows POSTGRES', async () => {
    const r = await runDgw(['--zone', 'local', 'connection', 'config', 'postgres', '--json'], { env: { DGW_CONFIG_DIR: `${tmp.dir}/c`, DGW_LOCAL_DIR: `${tmp.dir}/d` } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ connectionType: 'POSTGRES', connectionTypeLabel: 'PostgreSQL' });
  });
});
