import { afterAll, describe, expect, it } from 'vitest';
import { useBareServer } from './support/bare-server.js';
import { runDgw, tempDir } from './support/dgw.js';

// A service that answers an error's head and then sends nothing more (a proxy that died mid-answer,
// a stuck worker): the command reports the status within --timeout instead of waiting forever.

const tmp = tempDir('dgw-stalled-error-');
let arrivals = 0;
const { baseUrl } = useBareServer((req, res) => {
  arrivals++;
  req.resume();
  // The head, the first bytes of the body it announces, and then silence.
  res.writeHead(503, { 'content-type': 'application/json', 'content-length': '200' });
  res.write('{"message":"overl');
});
afterAll(() => tmp.remove());

describe('an error answer whose body stalls', () => {
  it('dgw sql (an answer read as it arrives) reports the status after --timeout, not never', async () => {
    // 5 s: the head must reach dgw within --timeout for its status to be known, which a busy machine must not decide.
    const r = await runDgw(['--timeout', '5s', 'sql', 'SELECT 1', '--json'], {
      env: { DGW_CONFIG_DIR: tmp.dir, DGW_API_KEY: 'stall-test-key-1234', DGW_BASE_URL: baseUrl(), DGW_PROJECT: 'p1' },
      // The body never comes: only dgw's own --timeout ends the command before this.
      timeoutMs: 50_000,
    });
    expect(r.code, r.stderr).toBe(8);
    expect(JSON.parse(r.stderr).error.status).toBe(503);
    // A POST is not retried: one wait for the body, and the command ends.
    expect(arrivals).toBe(1);
  });
});
