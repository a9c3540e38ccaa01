import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A DOUBLE is a JSON number in every row and inside LIST and STRUCT values, in both of the local
// gateway's shapes: one from 2^53 to 1e21 (1e17) went out as 100000000000000000, which dgw reads as a
// 64-bit integer's digits and printed as a string, so a DOUBLE list held numbers and strings.

const tmp = tempDir('dgw-doubles-');
afterAll(() => tmp.remove());
const SQL = "SELECT [1e15::DOUBLE, 1e17::DOUBLE, 1.5e17::DOUBLE, 1e300::DOUBLE, 2.5::DOUBLE] AS l, {'a': 1e17::DOUBLE, 'b': 1e300::DOUBLE} AS s, 1e17::DOUBLE AS top, 9007199254740993::BIGINT AS big";

describe.each(['spec', 'hosted'])('DOUBLE values from the local gateway (%s shape)', (shape) => {
  it('are JSON numbers at any size, at the top and inside lists and structs; a BIGINT stays a string', async () => {
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, shape), DGW_ZONE: 'local', DGW_LOCAL_API_SHAPE: shape };
    const r = await runInProcess(['sql', SQL, '--json'], { env, cwd: tmp.dir });
    expect(r.code, r.stderr).toBe(0);
    const [row] = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(row).toEqual({ l: [1e15, 1e17, 1.5e17, 1e300, 2.5], s: { a: 1e17, b: 1e300 }, top: 1e17, big: '9007199254740993' });
  });
});
