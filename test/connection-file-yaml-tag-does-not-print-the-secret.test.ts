import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';

// A --from-file of connection fields with a tag YAML does not know (`password: !vault ...`, as a
// secrets tool writes it) made the yaml library print a warning on Node's own stderr quoting the
// line, the password with it. It is now refused as a file YAML cannot read, whose error names
// the file and never quotes it. Spawned: Node prints warnings from the process itself.
const SECRET = 'hunter2-S3CRET-9f8e';
const tmp = tempDir('dgw-conn-yaml-tag-');
afterAll(() => tmp.remove());

describe('connection create --from-file with an unknown YAML tag', () => {
  it('is refused naming the file; the secret is on neither stream', async () => {
    const file = path.join(tmp.dir, 'creds.yaml');
    fs.writeFileSync(file, `url: db.example.com\nuser: reader\npassword: !vault ${SECRET}\n`);
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local') };
    const r = await runDgw(['--zone', 'local', 'connection', 'create', 'wh', '--type', 'POSTGRES', '--from-file', file], { env });
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.stderr).not.toContain('(node:');
    expect(r.stderr).toContain(`error: --from-file: ${file} is neither a JSON nor a YAML object`);
    expect([2, 14]).toContain(r.code);
  });
});
