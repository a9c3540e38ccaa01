import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { requestProblems } from './conformance.js';
import { RecordingServer } from './recording-server.js';
import { runDgwInTerminal, tempDir, type DgwResult, type RunOptions } from './dgw.js';
import { runAsBinaryWould, runInProcess } from './in-process.js';

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
 * Fails the current test when a request the CLI sent is not an operation of the vendor's
 * document (method, path template, query parameters, body with no unknown property). GET /info,
 * which the document leaves out, passes only where `allowInfo` says so: the files testing the
 * commands that may send it (auth login and status, to discover a project key's project).
 */
export function expectConformingRequests(server: RecordingServer, allowInfo = false): void {
  const problems = server.requests.flatMap((r) => {
    const { operation, problems: found } = requestProblems(r);
    if (operation?.presigned) return r.headers.authorization ? [`${r.method} ${r.path} is a download link: it must go without the API key`] : found;
    return operation && !operation.documented && !allowInfo ? [`${r.method} ${r.path} is not in the document (only auth login and status may send it)`] : found;
  });
  expect(problems, 'requests the document does not describe').toEqual([]);
}

/** Options of the stand-in fixtures. */
export interface StandInOptions {
  /** Hold every request of every test to the document (default true; off for `dgw api`, which sends what it is told). */
  conformance?: boolean;
  /** Let GET /info through (auth login and status discover a project key's project with it). */
  allowInfo?: boolean;
}

/**
 * Per test file: a recording server on 127.0.0.1, a temporary config folder, and `dgw(...)`
 * that runs dgw in this process against them (`dgwAnswering` on a terminal a person answers, in this process; `dgwInTerminal` spawns it in
 * a pseudo-terminal). Routes and records reset after each test, once
 * every request recorded was held to the document.
 */
export function useStandIn(project = 'proj-1', options: StandInOptions = {}) {
  const server = new RecordingServer();
  const config = tempDir('dgw-config-');
  const env = () => ({ DGW_CONFIG_DIR: config.dir, DGW_BASE_URL: server.baseUrl, DGW_API_KEY: KEY, DGW_PROJECT: project });
  beforeAll(async () => {
    await server.start();
  });
  afterEach(() => {
    try {
      if (options.conformance !== false) expectConformingRequests(server, options.allowInfo);
    } finally {
      server.reset();
    }
  });
  afterAll(async () => {
    await server.close();
    config.remove();
  });
  return {
    server,
    env,
    dgw: (args: string[], options: RunOptions = {}): Promise<DgwResult> => runAsBinaryWould(args, { input: options.input, cwd: options.cwd, env: { ...env(), ...options.env } }),
    dgwInTerminal: (args: string[], options: RunOptions = {}): Promise<DgwResult> =>
      runDgwInTerminal(args, { ...options, env: { ...env(), ...options.env } }),
    /** On an 80-column terminal a person answers (the question shown, `input` typed): `screen` is what it shows, stdout then stderr. */
    dgwAnswering: async (args: string[], options: { input: string; cwd?: string }) => {
      const r = await runInProcess(args, { env: env(), input: options.input, cwd: options.cwd, interactive: true, terminalColumns: 80 });
      return { ...r, screen: r.stdout + r.stderr };
    },
  };
}

/**
 * Per test file: a recording server on 127.0.0.1, and a new temporary config folder for each test,
 * for tests of what dgw stores there. `configDir()` is the current test's folder.
 */
export function useServerAndFreshConfig(prefix: string, options: StandInOptions = {}) {
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
    try {
      if (options.conformance !== false) expectConformingRequests(server, options.allowInfo);
    } finally {
      server.reset();
      config?.remove();
    }
  });
  return { server, configDir: () => config!.dir };
}
