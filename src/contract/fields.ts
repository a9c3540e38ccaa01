import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DgwError } from '../errors.js';

// The published schema files read as plain JSON, without TypeBox, and only when a command line needs them.

type Json = { [key: string]: unknown };

/** `query list` → `query-list.json`. */
export function schemaFileFor(commandPath: string): string {
  return `${commandPath.split(' ').join('-')}.json`;
}

/** The package's `schemas/` folder, found by walking up from this module (in dist/, or src/ under tests). */
export function schemaFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const folder = path.join(dir, 'schemas');
    if (fs.existsSync(path.join(folder, 'schema.json'))) return folder;
    const parent = path.dirname(dir);
    if (parent === dir) throw new DgwError('internal', 'the schemas/ folder is missing from the dgw package; reinstall dgw');
    dir = parent;
  }
}

/** The schema document of a command, or undefined when the command prints no JSON. */
export function readSchema(commandPath: string): Json | undefined {
  const file = path.join(schemaFolder(), schemaFileFor(commandPath));
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Json) : undefined;
}

/** Every command that has a schema, by path (`query list`), sorted. */
export function commandsWithSchemas(): string[] {
  return fs
    .readdirSync(schemaFolder())
    .filter((f) => f.endsWith('.json'))
    .map((f) => (JSON.parse(fs.readFileSync(path.join(schemaFolder(), f), 'utf8')) as Json).title)
    .map((t) => String(t).replace(/^dgw /, '').replace(/ --json$/, ''))
    .sort();
}

/** The variants of a schema document, by name (each member of its `anyOf`, by `title`). */
export function variantsOf(doc: Json): Map<string, Json> {
  return new Map(((doc.anyOf as Json[] | undefined) ?? []).map((v) => [String(v.title), v]));
}

/** The fields of a variant's records, or undefined when only the answer knows them (SQL rows, `dgw api`). */
export function fieldsOf(doc: Json, variant: Json): string[] | undefined {
  const resolve = (node: Json | undefined): Json | undefined => {
    const ref = node?.$ref;
    if (typeof ref !== 'string') return node;
    return ((doc.$defs as Json | undefined)?.[ref.replace('#/$defs/', '')] as Json | undefined) ?? node;
  };
  const record = resolve(variant.type === 'array' ? (variant.items as Json | undefined) : variant);
  const fields = new Set(((record?.anyOf as Json[] | undefined) ?? [record]).flatMap((r) => Object.keys((resolve(r)?.properties as Json | undefined) ?? {})));
  return fields.size > 0 ? [...fields] : undefined;
}

/** The fields `--json f1,f2` may name: those of any variant the command line can print (one that lacks a field prints it as null). */
export function fieldsFor(commandPath: string, doc: Json, names: string[]): string[] | undefined {
  const variants = variantsOf(doc);
  const all: string[] = [];
  for (const name of names) {
    const variant = variants.get(name);
    if (!variant) throw new DgwError('internal', `schemas/${schemaFileFor(commandPath)} has no variant "${name}"`);
    const fields = fieldsOf(doc, variant);
    if (fields === undefined) return undefined;
    all.push(...fields.filter((f) => !all.includes(f)));
  }
  return all;
}

/** The `--help` paragraph that lists a command's JSON fields, per variant where they differ. */
export function jsonFieldsHelp(commandPath: string): string {
  const doc = readSchema(commandPath);
  if (!doc) return 'JSON: none; this command prints no JSON (--json and --format are exit 2).';
  const lines = [...variantsOf(doc)].map(([name, v]) => {
    const fields = fieldsOf(doc, v);
    const list = fields ? fields.join(', ') : name === 'rows' ? 'the result\'s column names' : 'those of the answer';
    return `  ${name}: ${list}`;
  });
  const [first] = lines;
  const body = lines.length === 1 ? ` ${first.slice(first.indexOf(':') + 2)}` : `\n${lines.join('\n')}`;
  return `JSON fields (--json f1,f2; schema: dgw schema ${commandPath}):${body}`;
}
