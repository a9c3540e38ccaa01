import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useBareServer } from './support/bare-server.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';

// A file the user named that is not there is said in words, naming it: `dgw sql --file /nonexistent`
// said "cannot read /nonexistent: ENOENT". A download whose folder (or partial file) was removed
// while it ran said "unexpected failure: ENOENT ... rename '.f.csv.1a2b.part'" (exit 1, "a bug in
// dgw"), naming dgw's temporary file; it is now a fault of this machine (exit 13) naming the file given.

const tmp = tempDir('dgw-file-not-there-');
afterAll(() => tmp.remove());

describe('a file named to read', () => {
  const { run } = localCli(tmp.dir, 'spec');

  it('sql --file of a missing file is exit 2 saying it does not exist', async () => {
    const missing = join(tmp.dir, 'no-such.sql');
    const r = await run('sql', '--file', missing);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`error: --file: ${missing} does not exist (ENOENT)\n`);
  });

  it('sql --file of a folder is exit 2 saying it is a folder', async () => {
    const r = await run('sql', '--file', tmp.dir);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`error: --file: ${tmp.dir} is a folder, not a file (EISDIR)\n`);
  });
});

describe('a download whose folder goes away while it runs', () => {
  const out = join(tmp.dir, 'out');
  let removes: 'folder' | 'partial file' = 'folder';
  const { baseUrl } = useBareServer((req, res) => {
    req.resume();
    if (req.url?.includes('/exports/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const url = `${baseUrl().replace('/api/v1', '')}/store/part-1.csv`;
      res.end(JSON.stringify({ id: 'e1', status: 'SUCCEEDED', format: 'CSV', compression: 'NONE', downloadable: true, files: [{ name: 'part-1.csv', url, bytes: 4 }] }));
      return;
    }
    // dgw has opened its partial file beside the destination: it goes away before the bytes come.
    if (removes === 'folder') rmSync(out, { recursive: true, force: true });
    else for (const name of readdirSync(out)) rmSync(join(out, name));
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': '4' });
    res.end('a,b\n');
  });
  const exportGet = () =>
    runAsBinaryWould(['export', 'get', 'e1', '-o', join(out, 'f.csv')], {
      env: { DGW_CONFIG_DIR: join(tmp.dir, 'config-served'), DGW_API_KEY: 'not-there-key-1234', DGW_BASE_URL: baseUrl(), DGW_PROJECT: 'p1' },
    });

  it('export get -o is exit 13 naming the file given and its folder, not dgw\'s partial file', async () => {
    mkdirSync(out, { recursive: true });
    removes = 'folder';
    const r = await exportGet();
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain(`error: cannot write ${join(out, 'f.csv')}: its folder ${out} was removed during the download (ENOENT)\n`);
    expect(r.stderr).not.toContain('a bug in dgw');
  });

  it('a partial file removed meanwhile is said so, and nothing is left', async () => {
    mkdirSync(out, { recursive: true });
    removes = 'partial file';
    const r = await exportGet();
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toMatch(/error: cannot write .*f\.csv: dgw's partial file \.f\.csv\.[0-9a-f]+\.part in .* was removed during the download \(ENOENT\)/);
    expect(readdirSync(out)).toEqual([]);
  });
});
