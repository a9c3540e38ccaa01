import { afterAll, beforeAll, expect } from 'vitest';

// Test files share their worker's process (vitest.config.ts, isolate: false): a file that
// leaves the environment, the working folder or the exit code changed would change the files after
// it. Each file is held to leaving them as it found them.

// The OS keychain library finds its D-Bus session in this process's own environment, not the one a
// command is given: commands run in-process must never reach the keychain of the person running the
// tests, so they get a session address that answers nothing (the keychain tests start their own).
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/dgw-tests-reach-no-keychain';

let env: Record<string, string | undefined> = {};
let cwd = '';
let exitCode: typeof process.exitCode;

beforeAll(() => {
  env = { ...process.env };
  cwd = process.cwd();
  exitCode = process.exitCode;
});

afterAll(() => {
  const changed = [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter((k) => env[k] !== process.env[k]);
  expect(changed, 'environment variables this file left changed').toEqual([]);
  expect(process.cwd(), 'the working folder').toBe(cwd);
  // jq-wasm puts an unset exit code back as 0, which ends a process the same way.
  expect(process.exitCode ?? 0, 'process.exitCode').toBe(exitCode ?? 0);
});
