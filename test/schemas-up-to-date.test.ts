import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OUTPUTS } from '../src/contract/outputs.js';
import { generateSchemaFiles, leafCommands } from '../src/schema-files.js';
import { runAsBinaryWould } from './support/in-process.js';

// schemas/ is the published JSON contract, generated from src/contract/outputs.ts and the command
// tree: a change to what a command prints shows as a change to a committed file, in review. A
// schema changed without regenerating, or a command without an entry, makes this fail.
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../schemas');

const generated = await generateSchemaFiles();

describe('schemas/', () => {

  it('every command that runs has an entry in the contract, and every entry a command', async () => {
    expect(Object.keys(OUTPUTS).sort()).toEqual((await leafCommands()).map((c) => c.path).sort());
  });

  it('holds one file per command that prints JSON, and nothing else', () => {
    const onDisk = fs.readdirSync(dir).sort();
    expect(onDisk, 'run `npm run schemas`').toEqual(Object.keys(generated).sort());
    expect(onDisk).not.toContain('completion.json');
  });

  it.each(Object.keys(generated))('%s matches the contract', (name) => {
    const file = path.join(dir, name);
    const onDisk = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(missing)';
    expect(onDisk === generated[name], `schemas/${name} is out of date with src/contract: run \`npm run schemas\``).toBe(true);
  });
});

describe('docs/output.md', () => {
  const readme = fs.readFileSync(path.resolve(dir, '../docs/output.md'), 'utf8');

  /** The row of the output guide's table of JSON fields that a schema file stands for. */
  function row(file: string): string {
    type Json = Record<string, unknown>;
    const doc = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Json;
    const command = String(doc.title).replace(/^dgw /, '').replace(/ --json$/, '');
    const shapes = (doc.anyOf as Json[]).filter((v) => v.title !== 'dryRun');
    const cells = shapes.map((v) => {
      const deref = (r: Json) => (typeof r.$ref === 'string' ? ((doc.$defs as Json)[r.$ref.replace('#/$defs/', '')] as Json) : r);
      const record = deref((v.type === 'array' ? v.items : v) as Json);
      // Items of several shapes (folder tree --queries: the root's entry beside the folders) list the fields of all.
      const keys = [...new Set(((record.anyOf as Json[] | undefined) ?? [record]).flatMap((r) => Object.keys((deref(r).properties as Json | undefined) ?? {})))];
      const fields = keys.length > 0 ? keys.join(', ') : v.title === 'rows' ? "the result's columns" : 'those of the answer';
      return shapes.length > 1 ? `*${String(v.title)}*: ${fields}` : fields;
    });
    return `| \`${command}\` | ${cells.join('<br>')} |`;
  }

  it.each(fs.readdirSync(dir))('lists the JSON fields of %s as the schema has them', (file) => {
    expect(readme.split('\n')).toContain(row(file));
  });
});

describe('dgw schema', () => {
  it('prints a command\'s schema, exactly the published file', async () => {
    const r = await runAsBinaryWould(['schema', 'mtquery', 'status']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(fs.readFileSync(path.join(dir, 'mtquery-status.json'), 'utf8')));
  });

  it('without a command, lists every command with a schema and its file', async () => {
    const r = await runAsBinaryWould(['schema', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<{ command: string; file: string }>;
    // Every command but those that print no JSON (completion, table sample).
    expect(rows.map((x) => x.command).sort()).toEqual((await leafCommands()).map((c) => c.path).filter((p) => OUTPUTS[p] !== null).sort());
    expect(rows.find((x) => x.command === 'table add-column')?.file).toBe('schemas/table-add-column.json');
  });

  it('an alias names its command\'s schema, as the command line reads it', async () => {
    for (const [alias, file] of [['key ls', 'key-list'], ['folder mkdir', 'folder-create'], ['catalog show', 'catalog-get'], ['cache delete', 'cache-rm']]) {
      const r = await runAsBinaryWould(['schema', ...alias.split(' ')]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(JSON.parse(fs.readFileSync(path.join(dir, `${file}.json`), 'utf8')));
    }
  });

  it('an unknown command is exit 2 with a suggestion; completion has no schema', async () => {
    const typo = await runAsBinaryWould(['schema', 'query', 'lst']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean "query list"?');
    const completion = await runAsBinaryWould(['schema', 'completion']);
    expect(completion.code).toBe(2);
    expect(completion.stderr).toContain('prints a shell script');
  });
});
