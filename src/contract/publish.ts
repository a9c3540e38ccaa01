import type { TSchema } from 'typebox';
import { DRY_RUN, OUTPUTS, type CommandOutput } from './outputs.js';

// Only the generator and the tests load this (TypeBox is not loaded by commands).

/** What the generator needs to know of a command in the tree. */
export interface CommandInfo {
  /** `query list`, `sql`. */
  path: string;
  /** The command takes --dry-run: its output has the dry-run variant too. */
  dryRun: boolean;
}

type Json = { [key: string]: unknown };

/** A command's variants, the dry-run one included where the command takes --dry-run. */
export function variantsOf(command: CommandInfo): CommandOutput | null {
  const output = OUTPUTS[command.path];
  if (output === undefined) throw new Error(`src/contract/outputs.ts has no entry for \`dgw ${command.path}\``);
  if (output === null) return null;
  return command.dryRun ? { ...output, dryRun: DRY_RUN } : output;
}

/** A command's schema file: a JSON Schema 2020-12 document, its variants as a titled top-level `anyOf`, indented, with a final newline; undefined when it prints no JSON. */
export function schemaText(command: CommandInfo): string | undefined {
  const variants = variantsOf(command);
  if (!variants) return undefined;
  const defs: Json = {};
  const anyOf = Object.entries(variants).map(([name, v]) => ({ title: name, ...plain(v.schema, defs), description: `${v.when}${describe(v.schema)}` }));
  const doc = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `dgw ${command.path} --json`,
    description: `What \`dgw ${command.path} --json\` prints on stdout: ${Object.keys(variants).length === 1 ? 'one shape' : `one of ${Object.keys(variants).length} shapes, each titled`}.`,
    anyOf,
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function describe(schema: TSchema): string {
  const own = (schema as Json).description;
  const items = (schema as Json).items as Json | undefined;
  const inner = typeof own === 'string' ? own : typeof items?.description === 'string' ? `a list; each ${items.description}` : undefined;
  return inner ? ` — ${inner}` : '';
}

/** The schema as plain JSON, TypeBox's named definitions moved into the document's `$defs` so one document may hold several. */
function plain(schema: TSchema, defs: Json): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$defs') {
        for (const [name, def] of Object.entries(value as Json)) {
          const { $id: _id, ...rest } = def as Json;
          defs[name] = walk(rest);
        }
      } else if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
        out.$ref = `#/$defs/${value}`;
      } else if (key !== '$id') {
        out[key] = walk(value);
      }
    }
    return out;
  };
  return walk(JSON.parse(JSON.stringify(schema))) as Json;
}
