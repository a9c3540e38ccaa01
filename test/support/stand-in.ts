import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { RecordingServer } from './recording-server.js';
import { runDgw, runDgwInTerminal, tempDir, type DgwResult, type RunOptions } from './dgw.js';

/** The key every stand-in test uses; tests assert it never leaks. */
export const KEY = 'dgw-test-key-9f8e7d6c5b4a';

/** A query as the stand-in returns it. */
export function queryJson(overrides: Record<string, unknown> = {}) {
  return {
    id: '3f2b8c1e-0000-4000-8000-000000000001',
    displayName: 'Revenue Report',
    name: 'revenuereport',
    inputQuery: 'SELECT 1',
    queryType: 'PLAIN',
    schedule: null,
    path: null,
    folderId: null,
    ...overrides,
  };
}

/**
 * Per test file: a recording server on 127.0.0.1, a temporary config folder, and `dgw(...)`
 * that spawns the built binary against them. Routes and records reset after each test.
 */
export function useStandIn(project = 'proj-1') {
  const server = new RecordingServer();
  const config = tempDir('dgw-config-');
  const env = () => ({ DGW_CONFIG_DIR: config.dir, DGW_BASE_URL: server.baseUrl, DGW_API_KEY: KEY, DGW_PROJECT: project });
  beforeAll(async () => {
    await server.start();
  });
  afterEach(() => server.reset());
  afterAll(async () => {
    await server.close();
    config.remove();
  });
  return {
    server,
    env,
    dgw: (args: string[], options: RunOptions = {}): Promise<DgwResult> => runDgw(args, { ...options, env: { ...env(), ...options.env } }),
    dgwInTerminal: (args: string[], options: RunOptions = {}): Promise<DgwResult> =>
      runDgwInTerminal(args, { ...options, env: { ...env(), ...options.env } }),
  };
}

/**
 * Per test file: a recording server on 127.0.0.1, and a new temporary config folder for each test,
 * for tests of what dgw stores there. `configDir()` is the current test's folder.
 */
export function useServerAndFreshConfig(prefix: string) {
  const server = new RecordingServer();
  let config: ReturnType<typeof tempDir> | undefined;
  beforeAll(async () => {
    await server.start();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    config = tempDir(prefix);
  });
  afterEach(() => {
    server.reset();
    config?.remove();
  });
  return { server, configDir: () => config!.dir };
}
