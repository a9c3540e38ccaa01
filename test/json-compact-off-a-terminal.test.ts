import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// dgw's JSON is for a program in a pipe or a file, and for a person on a terminal: compact in the
// first case, indented in the second, as gh prints it. Only whitespace differs.

const tmp = tempDir('dgw-json-layout-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '' };
const run = (argv: string[], terminalColumns?: number) => runInProcess(argv, { env, cwd: tmp.dir, terminalColumns });

describe('JSON layout', () => {
  it.each([
    [['query', 'list', '--json']],
    [['query', 'list', '--json', 'id,name']],
    [['sql', 'SELECT 1 AS one, [2, 3] AS l', '--json']],
    [['table', 'list', '--json']],
    [['query', 'list', '--jq', 'map(.name)']],
  ])('%j: compact in a pipe, indented on a terminal, the same data', async (argv) => {
    if (argv[0] === 'query') await run(['query', 'create', 'layout_probe', '--sql', 'SELECT 1 AS x', '-q']);
    const piped = await run(argv);
    const shown = await run(argv, 100);
    expect(piped.code, piped.stderr).toBe(0);
    expect(shown.code, shown.stderr).toBe(0);
    expect(piped.stdout.trimEnd()).not.toContain('\n');
    expect(shown.stdout).toMatch(/\n {2}\S/);
    expect(JSON.parse(piped.stdout)).toEqual(JSON.parse(shown.stdout));
  });
});
