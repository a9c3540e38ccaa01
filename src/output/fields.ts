import { UsageError } from '../errors.js';
import { closestNames } from './did-you-mean.js';

/**
 * The title a field of dgw's JSON output has wherever a person reads it (table headers, record
 * labels, CSV and TSV header lines): its words, upper case. `queryType` is `QUERY TYPE`,
 * `apiKeyId` is `API KEY ID`. The one place a title is made, so every table speaks the `--json`
 * vocabulary.
 */
export function fieldTitle(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toUpperCase();
}

/** A field name as `--json` compares it: no case, no spaces, `_` or `-` (so `QUERY TYPE` and `query_type` name queryType). */
function comparable(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * The fields `--json f1,f2` asks for, as the output names them: each requested name is a field,
 * or a field's title or other spelling (case, spaces, `_` and `-` aside). An unknown name is a
 * usage error that lists the fields and suggests the closest; `what` says whose fields they are.
 */
export function resolveFields(requested: string[], available: readonly string[], what: string): string[] {
  const unknown: string[] = [];
  const resolved = requested.map((name) => {
    if (available.includes(name)) return name;
    const match = available.filter((f) => comparable(f) === comparable(name));
    if (match.length === 1) return match[0];
    unknown.push(name);
    return name;
  });
  if (unknown.length > 0) {
    // `type` is one edit-distance far from nothing, yet plainly part of `queryType`.
    const close = unknown.flatMap((name) => [...closestNames(name, available), ...available.filter((f) => comparable(name).length > 1 && comparable(f).includes(comparable(name)))]);
    const suggestion = close.length > 0 ? `; did you mean ${[...new Set(close)].join(', ')}?` : '';
    throw new UsageError(
      `--json: ${what} has no field ${unknown.join(', ')}${suggestion}`,
      available.length > 0 ? `its fields: ${available.join(', ')}` : undefined,
    );
  }
  return [...new Set(resolved)];
}
