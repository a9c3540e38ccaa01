import { UsageError } from '../errors.js';
import { closestNames } from './did-you-mean.js';

/** A field's title wherever a person reads it, from its `--json` name (`apiKeyId` → `API KEY ID`). */
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

/** The fields `--json f1,f2` asks for, by name, title or spelling; an unknown one is a usage error with a suggestion. */
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
