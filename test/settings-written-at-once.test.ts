import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { RecordingServer } from './support/recording-server.js';

// Two commands that change the settings file at once (logins in CI jobs sharing a home, a login
// and a `config set`) each keep their change: each used to write back the whole file as it had read
// it, and the later write dropped the other's profile (4 of 8 parallel logins lost, each exit 0).

const tmp = tempDir('dgw-settings-at-once-');
const server = new RecordingServer();
beforeAll(async () => {
  await server.start();
  server.on('GET', '/api/v1/info', { json: { projectId: 'p1', projectName: 'P1', userId: 'u1', email: 'a@example.com' } });
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

describe('the settings file changed by several commands at once', () => {
  it('keeps every login\'s profile and key, and every setting', async () => {
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'data') };
    const base = `${server.baseUrl}/api/v1`;
    const logins = await Promise.all(
      Array.from({ length: 8 }, (_, i) => runDgw(['--profile', `p${i}`, '--base-url', base, 'auth', 'login', '--with-token', '--insecure-storage'], { env, input: `key-${i}-abcdefghijkl\n` })),
    );
    for (const r of logins) expect(r.code, r.stderr).toBe(0);
    const sets = await Promise.all(Array.from({ length: 8 }, (_, i) => runDgw(['--profile', `p${i}`, 'config', 'set', 'output', i % 2 ? 'json' : 'yaml'], { env })));
    for (const r of sets) expect(r.code, r.stderr).toBe(0);
    const stored = JSON.parse(readFileSync(path.join(env.DGW_CONFIG_DIR, 'config.json'), 'utf8')) as { profiles: Record<string, { apiKey?: string; output?: string }> };
    expect(Object.entries(stored.profiles).map(([name, p]) => [name, p.apiKey, p.output]).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => [`p${i}`, `key-${i}-abcdefghijkl`, i % 2 ? 'json' : 'yaml']),
    );
  });
});
