import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { wantsColor } from '../src/output/color.js';
import { runDgw, tempDir } from './support/dgw.js';

// Colour as NO_COLOR, FORCE_COLOR and TERM say (docs/configuration.md), and nothing from Node on
// stderr when both NO_COLOR and FORCE_COLOR are set (common in CI): a JSON error stays one object.

const terminal = { isTTY: true, write: () => true };
const pipe = { write: () => true };

describe('whether output is coloured', () => {
  it.each([
    ['a terminal', terminal, {}, true],
    ['a pipe', pipe, {}, false],
    ['NO_COLOR on a terminal', terminal, { NO_COLOR: '1' }, false],
    ['FORCE_COLOR into a pipe', pipe, { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR=0 on a terminal', terminal, { FORCE_COLOR: '0' }, false],
    ['FORCE_COLOR=false on a terminal', terminal, { FORCE_COLOR: 'false' }, false],
    ['NO_COLOR and FORCE_COLOR', terminal, { NO_COLOR: '1', FORCE_COLOR: '1' }, false],
    ['TERM=dumb', terminal, { TERM: 'dumb' }, false],
  ] as const)('%s', (_name, stream, env, coloured) => {
    expect(wantsColor(stream, env, undefined)).toBe(coloured);
  });
});

describe('NO_COLOR and FORCE_COLOR both set', () => {
  const tmp = tempDir('dgw-colour-');
  afterAll(() => tmp.remove());

  it('stderr holds the JSON error alone, with no warning of Node\'s before it', async () => {
    const env = { DGW_ZONE: 'local', DGW_LOCAL_DIR: path.join(tmp.dir, 'data'), DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), NO_COLOR: '1', FORCE_COLOR: '1' };
    const r = await runDgw(['query', 'get', 'nosuch', '--json'], { env });
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stderr).error.kind).toBe('not_found');
    const listed = await runDgw(['query', 'list'], { env: { ...env, NO_COLOR: '' } });
    expect([listed.code, listed.stderr]).toEqual([0, '']);
  });
});
