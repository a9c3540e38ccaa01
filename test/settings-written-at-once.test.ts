import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';

// Two commands that change the settings file at once (two logins in CI jobs sharing a home, a login
// and a `config set`) each keep their change: each used to write back the whole file as it had read
// it, and the later write dropped the other's profile (4 of 8 parallel logins lost here).

const tmp = tempDir('dgw-settings-at-once-');
afterAll(() => tmp.remove());

describe('the settings file changed by several commands at once', () => {
  it('keeps every change', async () => {
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'data') };
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) => runDgw(['--profile', `p${i}`, 'config', 'set', 'project', `proj-${i}`], { env })));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const listed = await runDgw(['profile', 'list', '--json'], { env });
    const profiles = JSON.parse(listed.stdout) as Array<{ name: string; projectId: string | null }>;
    expect(profiles.map((p) => [p.name, p.projectId]).sort()).toEqual(Array.from({ length: 8 }, (_, i) => [`p${i}`, `proj-${i}`]));
  });
});
