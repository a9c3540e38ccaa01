import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// mtquery cancel when no refresh runs: the status says so, and dgw does not claim a cancel.

const tmp = tempDir('dgw-mtquery-cancel-idle-');
afterAll(() => tmp.remove());

describe('mtquery cancel with no refresh running', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('says nothing was cancelled, and exits 0 with the status', async () => {
    await dgw('mtquery', 'create', 'Idle', '--sql', 'SELECT 1 AS x');
    const r = await run('mtquery', 'cancel', 'idle');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('COMPLETED');
    expect(r.stderr).toContain('no refresh of idle was running (the last one ended COMPLETED): nothing was cancelled');
    expect(r.stderr).not.toContain('requested');
  });
});
