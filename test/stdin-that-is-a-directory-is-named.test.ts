import { execFile } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { DGW_BIN, shellQuote, tempDir } from './support/dgw.js';

// Node reads a directory on stdin as empty: `< /tmp` was told "stdin was empty" or "the SQL is empty".
const tmp = tempDir('dgw-stdin-dir-');
afterAll(() => tmp.remove());

function dgwWithDirectoryOnStdin(args: string): Promise<{ code: number; stderr: string }> {
  const env = { ...process.env, DGW_CONFIG_DIR: `${tmp.dir}/config`, DGW_LOCAL_DIR: `${tmp.dir}/data`, DGW_ZONE: 'local', DGW_PAGER: '' };
  const line = `${shellQuote(process.execPath)} ${shellQuote(DGW_BIN)} ${args} < ${shellQuote(tmp.dir)}`;
  return new Promise((resolve) => execFile('bash', ['-c', line], { env }, (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr })));
}

it.each(['auth login --with-token', 'sql --file -', 'query create q --file -'])('dgw %s < DIRECTORY says stdin is a directory (exit 2)', async (args) => {
  const r = await dgwWithDirectoryOnStdin(args);
  expect(r).toEqual({ code: 2, stderr: 'error: stdin is a directory, not a file: redirect a file into dgw (< FILE)\n' });
});
