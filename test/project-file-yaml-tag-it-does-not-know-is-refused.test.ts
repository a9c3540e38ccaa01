import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';

// A .dgwrc.yaml with a tag YAML does not know (`!!js/function`, `!secret`) was read with the tag
// dropped, and the yaml library's warning went to Node's own stderr: "(node:PID)
// [TAG_RESOLVE_FAILED] YAMLWarning: ..." over five lines, even with --json, whose stderr is one
// JSON object. Such a file is now refused as any file YAML cannot read. Spawned: Node prints the
// warning from the process, which an in-process run does not see.
const tmp = tempDir('dgw-pf-tag-');
afterAll(() => tmp.remove());

describe('a YAML project file with a tag YAML does not know', () => {
  it('is refused (exit 2) naming the file and the tag; with --json stderr is one JSON object', async () => {
    const repo = path.join(tmp.dir, 'repo');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.dgwrc.yaml'), 'project: !secret demo\nzone: local\n');
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local') };
    const r = await runDgw(['config', 'explain', '--json'], { env, cwd: repo });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const error = (JSON.parse(r.stderr) as { error: { message: string } }).error;
    expect(error.message).toContain(`project file ${path.join(repo, '.dgwrc.yaml')} cannot be read: `);
    expect(error.message).toContain('!secret');
  });
});
