import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDgw, tempDir } from './support/dgw.js';

// `dgw serve --data-dir X` said "--zone local commands now use it", which they do only when they
// use the same folder: it says what is true.

const tmp = tempDir('dgw-serve-says-');
afterAll(() => tmp.remove());

async function noteOf(args: string[], env: Record<string, string>): Promise<string> {
  const run = startDgw(['serve', '--port', '0', ...args], { env });
  try {
    await run.waitForOutput('Press Ctrl-C to stop');
    return run.stderr();
  } finally {
    run.child.kill('SIGTERM');
    await run.exited;
  }
}

describe('dgw serve says which commands use it', () => {
  it('a folder of its own: the commands that name it (DGW_LOCAL_DIR)', async () => {
    const folder = path.join(tmp.dir, 'elsewhere');
    const note = await noteOf(['--data-dir', folder], { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), XDG_DATA_HOME: path.join(tmp.dir, 'xdg') });
    expect(note).toContain(`--zone local commands use it with DGW_LOCAL_DIR=${folder}`);
  });

  it('a folder whose name has a space: quoted, so the line works as written', async () => {
    const folder = path.join(tmp.dir, 'my data');
    const note = await noteOf(['--data-dir', folder], { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), XDG_DATA_HOME: path.join(tmp.dir, 'xdg') });
    expect(note).toContain(`--zone local commands use it with DGW_LOCAL_DIR='${folder}'`);
  });

  it('the folder commands use anyway: they now use it', async () => {
    const folder = path.join(tmp.dir, 'shared');
    const note = await noteOf([], { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: folder });
    expect(note).toContain('--zone local commands now use it');
  });
});
