import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// On a narrow terminal a query result dropped whole columns ("not shown at this width"). A result
// now keeps every column at its width, as psql and DuckDB's shell do; wider than the screen it goes
// to the pager unwrapped (less -S), to be scrolled sideways. Lists still fit the screen.

const tmp = tempDir('dgw-wide-result-');
afterAll(() => tmp.remove());
const bin = path.join(tmp.dir, 'bin');
fs.mkdirSync(bin);
// A stand-in for less that records how it was called and what it was given.
const seen = path.join(tmp.dir, 'less-saw');
fs.writeFileSync(path.join(bin, 'less'), `#!/bin/sh\necho "args=$*" > '${seen}'\necho "LESS=$LESS" >> '${seen}'\ncat >> '${seen}'\n`, { mode: 0o755 });
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1' };
const WIDE = `SELECT ${Array.from({ length: 8 }, (_, i) => `'value number ${i}' AS column_${i}`).join(', ')}`;

describe('a query result on a narrow terminal', () => {
  it('keeps every column, with no pager asked for (DGW_PAGER empty): nothing is left out', async () => {
    const r = await runInProcess(['sql', WIDE], { env: { ...env, DGW_PAGER: '' }, cwd: tmp.dir, terminalColumns: 40 });
    expect(r.code, r.stderr).toBe(0);
    for (let i = 0; i < 8; i++) expect(r.stdout).toContain(`column_${i}`);
    expect(r.stdout).toContain('value number 7');
    expect(r.stderr).not.toContain('not shown at this width');
  });

  it('goes to less unwrapped (-RXS, without -F) when a line is wider than the screen, even when short', async () => {
    fs.rmSync(seen, { force: true });
    const r = await runInProcess(['sql', WIDE], { env, cwd: tmp.dir, terminalColumns: 40 });
    expect(r.code, r.stderr).toBe(0);
    const saw = fs.readFileSync(seen, 'utf8');
    expect(saw).toContain('args=-RXS');
    expect(saw).toContain('LESS=RXS');
    expect(saw).toContain('column_7');
    expect(r.stdout).toBe('');
  });

  it('a short folder tree wider than the screen meets no pager either: it wraps, its ids whole', async () => {
    fs.rmSync(seen, { force: true });
    const made = await runInProcess(['folder', 'create', '/reports/a-rather-long-folder-name', '-p', '-q'], { env: { ...env, DGW_PAGER: '' }, cwd: tmp.dir });
    expect(made.code, made.stderr).toBe(0);
    const r = await runInProcess(['folder', 'list', '--tree'], { env, cwd: tmp.dir, terminalColumns: 40 });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(seen)).toBe(false);
    expect(r.stdout).toContain(made.stdout.trim());
  });

  it('a list still fits the screen, and a short one meets no pager', async () => {
    fs.rmSync(seen, { force: true });
    const r = await runInProcess(['table', 'list'], { env, cwd: tmp.dir, terminalColumns: 40 });
    expect(r.code, r.stderr).toBe(0);
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(fs.existsSync(seen)).toBe(false);
  });
});
