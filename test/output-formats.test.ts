import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// --format table|json|yaml|csv|tsv, and a default output per profile, in the project file and in
// DGW_OUTPUT, with the precedence flag > env > project file > profile > default.
const { server, dgw, env } = useStandIn();
const QUERIES = '/data/projects/proj-1/queries';
const rows = [
  queryJson({ id: '709922802836177297', name: 'revenue', displayName: 'Revenue, "net"', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1\nFROM t' }),
  queryJson({ id: '709922802836177298', name: 'yes', displayName: ' 1.50 ', queryType: 'PLAIN' }),
];
const repo = tempDir('dgw-repo-');
afterAll(() => repo.remove());

describe('--format', () => {
  it('yaml prints the same records as --json, as YAML that reads back to them', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--format', 'yaml']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const { parse } = await import('yaml');
    expect(parse(r.stdout)).toEqual(rows);
    // Strings YAML would read as something else stay strings.
    expect(r.stdout).toContain('name: "yes"');
    expect(r.stdout).toContain('id: "709922802836177297"');
  });

  it('yaml quotes << and =, which YAML 1.1 readers (PyYAML) take for a merge key and a value tag and fail on', async () => {
    server.on('GET', QUERIES, { json: [queryJson({ id: '1', name: '<<', displayName: '=', queryType: 'PLAIN' })] });
    const r = await dgw(['query', 'list', '--format', 'yaml', '--json', 'name,displayName']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('- name: "<<"\n  displayName: "="\n');
  });

  it('yaml quotes a string holding a tab, which PyYAML refuses in a plain scalar', async () => {
    server.on('GET', QUERIES, { json: [queryJson({ id: '1', name: 'n', displayName: 'a\tb', queryType: 'PLAIN' })] });
    const r = await dgw(['query', 'list', '--format', 'yaml', '--json', 'displayName']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('- displayName: "a\\tb"\n');
  });

  it('yaml writes a number in exponent form with a dot (1.0e-7), which YAML 1.1 readers (PyYAML) otherwise take for text', async () => {
    server.on('GET', QUERIES, { body: '{"small":1e-7,"big":-1e+300,"plain":1.5e+21}', headers: { 'content-type': 'application/json' } });
    const r = await dgw(['api', 'GET', '/data/projects/{projectId}/queries', '--format', 'yaml']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('small: 1.0e-7\nbig: -1.0e+300\nplain: 1.5e+21\n');
  });

  it('yaml escapes DEL and C1 characters, which YAML forbids raw (PyYAML refuses the file)', async () => {
    server.on('GET', QUERIES, { json: [queryJson({ id: '1', name: 'n', displayName: 'a\u007fb\u009bc\u0085d', queryType: 'PLAIN' })] });
    const r = await dgw(['query', 'list', '--format', 'yaml', '--json', 'displayName']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('- displayName: "a\\u007fb\\u009bc\\u0085d"\n');
    const { parse } = await import('yaml');
    expect(parse(r.stdout)).toEqual([{ displayName: 'a\u007fb\u009bc\u0085d' }]);
  });

  it('yaml with --json FIELDS keeps only those fields; a single record is a mapping', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'get', 'revenue', '--format', 'yaml', '--json', 'id,name']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id: "709922802836177297"\nname: revenue\n');
  });

  it('csv prints a header and rows by the one CSV rule (quotes, commas, line breaks; no schedule is null: an empty field)', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--format', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'ID,NAME,DISPLAY NAME,QUERY TYPE,PATH,SCHEDULE\n709922802836177297,revenue,"Revenue, ""net""",MATERIALIZED,/,\n709922802836177298,yes, 1.50 ,PLAIN,/,\n',
    );
    server.on('GET', QUERIES, { json: rows });
    const one = await dgw(['query', 'get', 'revenue', '--format', 'csv']);
    expect(one.stdout.split('\n')[0]).toBe('ID,NAME,DISPLAY NAME,QUERY TYPE,PATH,FOLDER ID,SCHEDULE,INPUT QUERY');
    expect(one.stdout).toContain('"SELECT 1\nFROM t"');
  });

  it('table in a pipe prints a table; tsv on request', async () => {
    server.on('GET', QUERIES, { json: rows });
    const table = await dgw(['query', 'list', '--format', 'table']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +NAME +DISPLAY NAME +QUERY TYPE +PATH +SCHEDULE$/);
    expect(table.stdout.split('\n')[1]).toMatch(/^─+ {2}─+/);
    server.on('GET', QUERIES, { json: rows });
    const tsv = await dgw(['--header', 'query', 'list', '--format', 'tsv']);
    expect(tsv.stdout.split('\n')[0]).toBe('ID\tNAME\tDISPLAY NAME\tQUERY TYPE\tPATH\tSCHEDULE');
  });

  it('an unknown format, or one that contradicts --json, is exit 2 before any request', async () => {
    for (const args of [['--format', 'xml'], ['--format', 'csv', '--json'], ['--format', 'compact']]) {
      const r = await dgw(['query', 'list', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
    }
    expect(server.requests).toEqual([]);
  });
});

describe('the default output', () => {
  it('is set per profile with config set, and applies when no flag chooses', async () => {
    const set = await dgw(['config', 'set', 'output', 'yaml']);
    expect(set.code, set.stderr).toBe(0);
    const stored = JSON.parse(fs.readFileSync(path.join(env().DGW_CONFIG_DIR, 'config.json'), 'utf8')) as { profiles: Record<string, { output?: string }> };
    expect(stored.profiles.default.output).toBe('yaml');
    server.on('GET', QUERIES, { json: rows });
    expect((await dgw(['query', 'list'])).stdout).toMatch(/^- id: "709922802836177297"/);
    // A flag wins, and -q too.
    server.on('GET', QUERIES, { json: rows });
    expect(JSON.parse((await dgw(['query', 'list', '--json', 'id'])).stdout)).toEqual([{ id: rows[0].id }, { id: rows[1].id }]);
    server.on('GET', QUERIES, { json: rows });
    expect((await dgw(['query', 'list', '-q'])).stdout).toBe(`${rows[0].id}\n${rows[1].id}\n`);
  });

  it('the project file beats the profile, DGW_OUTPUT beats the project file, and config explain says which', async () => {
    fs.writeFileSync(path.join(repo.dir, '.dgwrc.json'), JSON.stringify({ output: 'csv' }));
    server.on('GET', QUERIES, { json: rows });
    expect((await dgw(['query', 'list'], { cwd: repo.dir })).stdout).toMatch(/^ID,NAME/);
    server.on('GET', QUERIES, { json: rows });
    expect(JSON.parse((await dgw(['query', 'list'], { cwd: repo.dir, env: { DGW_OUTPUT: 'json' } })).stdout)).toHaveLength(2);

    // config explain prints in the output it explains: CSV here, from the project file.
    const explained = await dgw(['config', 'explain'], { cwd: repo.dir });
    expect(explained.stdout.split('\n')).toContain(`output,csv,project file ${path.join(repo.dir, '.dgwrc.json')}`);
    const byEnv = await dgw(['config', 'explain'], { cwd: repo.dir, env: { DGW_OUTPUT: 'tsv' } });
    expect(byEnv.stdout.split('\n')).toContain('output\ttsv\tenv DGW_OUTPUT');
    const byFlag = await dgw(['config', 'explain', '--jq', '.output'], { cwd: repo.dir });
    expect(JSON.parse(byFlag.stdout)).toEqual({ value: 'json', source: 'flag', origin: '--jq' });
    // Without the project file, the profile's.
    const byProfile = await dgw(['config', 'explain']);
    expect(byProfile.stdout).toContain("output:\n  value: yaml\n  source: profile\n  origin: profile default");
    fs.rmSync(path.join(repo.dir, '.dgwrc.json'));
  });

  it('a bad value in DGW_OUTPUT or the project file is exit 2 naming it', async () => {
    const bad = await dgw(['query', 'list'], { env: { DGW_OUTPUT: 'xml' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/DGW_OUTPUT: "xml" is not an output format/);
    fs.writeFileSync(path.join(repo.dir, '.dgwrc.json'), JSON.stringify({ output: 'html' }));
    const file = await dgw(['query', 'list'], { cwd: repo.dir });
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/output must be table, json, jsonl, yaml, csv, tsv or auto/);
    fs.rmSync(path.join(repo.dir, '.dgwrc.json'));
    expect(server.requests).toEqual([]);
  });

  it('config unset removes it', async () => {
    expect((await dgw(['config', 'unset', 'output'])).code).toBe(0);
    server.on('GET', QUERIES, { json: rows });
    expect((await dgw(['query', 'list'])).stdout).toMatch(/^709922802836177297\trevenue/);
  });
});
