import { isAbsolute, resolve } from 'node:path';
import { isSecretField, URL_PASSWORD } from '../../api/connections.js';
import type { ConnectionConfig, ConnectionConfigField } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readSource } from '../read-source.js';
import { readUserYaml } from '../../config/read-yaml.js';

/** Where a connection's credential fields come from, as the command line gave them. */
export interface CredentialSources {
  /** `--field key=value`, repeated. */
  field?: string[];
  /** `--from-file PATH` (JSON or YAML), `-` for stdin. */
  fromFile?: string;
}

/** A stored configuration as dgw may show it: secret values and a URL's password replaced by `***`. */
export function maskSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => {
      if (k !== 'type' && isSecretField({ fieldName: k })) return [k, v === null || v === '' ? v : '***'];
      return [k, typeof v === 'string' ? v.replace(URL_PASSWORD, '$1***@') : v];
    }),
  );
}

/** Credential fields as given, before any request: the file's values, and the flags' text (typed by `typedFields`). */
export interface GivenFields {
  fields: Record<string, unknown>;
  /** The keys `--field` gave, whose values are text still. */
  flagged: string[];
}

/** Reads `--from-file` and `--field` (a flag wins over the file); every mistake here is found before the first request. */
export async function givenFields(ctx: Context, sources: CredentialSources): Promise<GivenFields> {
  const fields: Record<string, unknown> = sources.fromFile ? await readFieldsFile(ctx, sources.fromFile) : {};
  const flagged: string[] = [];
  for (const pair of sources.field ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) {
      // Only a leading name is quoted back: the rest may be a secret typed with the wrong separator.
      const name = /^[\w.-]*/.exec(pair)![0];
      throw new UsageError(`--field "${name.length < pair.length ? `${name}…` : name}" is not KEY=VALUE`);
    }
    const key = pair.slice(0, at);
    fields[key] = pair.slice(at + 1);
    flagged.push(key);
  }
  return { fields, flagged };
}

/** The fields with each flag's text typed as the configuration says (a number or a boolean). */
export function typedFields({ fields, flagged }: GivenFields, config: ConnectionConfig): Record<string, unknown> {
  const out = { ...fields };
  for (const key of flagged) out[key] = typed(String(fields[key]), config.configuration.find((f) => f.fieldName === key), key);
  return out;
}

/** A `path` field names a file on this machine: made absolute here, since a served gateway runs in another folder. */
export function absolutePaths(ctx: Context, fields: Record<string, unknown>): Record<string, unknown> {
  if (typeof fields.path === 'string' && fields.path !== '' && !isAbsolute(fields.path)) fields.path = resolve(ctx.cwd, fields.path);
  return fields;
}

/** Asks for the missing fields (the required ones, or all when `every`), secrets without echo; without a terminal a missing required one is a usage error. */
export async function askMissing(ctx: Context, config: ConnectionConfig, fields: Record<string, unknown>, every = false): Promise<void> {
  const wanted = config.configuration.filter((f) => !(f.fieldName in fields) && (every || f.required));
  if (wanted.length === 0) return;
  if (!ctx.interactive) {
    const missing = wanted.filter((f) => f.required).map((f) => f.fieldName);
    if (missing.length === 0) return;
    throw new UsageError(`connection type ${config.connectionType} needs ${missing.join(', ')}: give them with --from-file FILE (or - for stdin) or --field KEY=VALUE, or run on a terminal to be asked`);
  }
  for (const field of wanted) {
    const secret = isSecretField(field);
    const hint = [every ? 'Enter keeps it' : field.required ? 'required' : 'optional', secret ? 'not shown' : ''].filter(Boolean).join(', ');
    const answer = await ctx.prompt(`${field.fieldName}${field.description ? ` (${field.description})` : ''} [${hint}]: `, { hidden: secret });
    if (answer === '' && (every || !field.required)) continue;
    if (answer === '') throw new UsageError(`${field.fieldName} is required`);
    fields[field.fieldName] = typed(answer, field, field.fieldName);
  }
}

async function readFieldsFile(ctx: Context, source: string): Promise<Record<string, unknown>> {
  const text = await readSource(ctx, source, '--from-file');
  let parsed: unknown;
  try {
    parsed = text.trim().startsWith('{') ? JSON.parse(text) : await readUserYaml(text);
  } catch (error) {
    // The parser's message may quote the text, secrets included: only its first words are kept.
    throw new UsageError(`--from-file: ${source === '-' ? 'stdin' : source} is neither a JSON nor a YAML object (${(error as Error).name})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`--from-file: ${source === '-' ? 'stdin' : source} must hold one object of fields (KEY: VALUE)`);
  return { ...(parsed as Record<string, unknown>) };
}


/** A value typed as its field says: a number or a boolean; text otherwise. */
function typed(value: string, field: ConnectionConfigField | undefined, key: string): unknown {
  if (field?.fieldType === 'number') {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${key} must be a number`);
    return n;
  }
  if (field?.fieldType === 'boolean') {
    if (!/^(true|false)$/i.test(value.trim())) throw new UsageError(`${key} must be true or false`);
    return value.trim().toLowerCase() === 'true';
  }
  return value;
}
