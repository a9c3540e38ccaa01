import { exactNumber } from '../api/exact-numbers.js';

/**
 * Data as YAML (`--format yaml`): one document per value, keys in the order JSON has them, no
 * anchors, and strings quoted wherever a YAML reader would take them for something else
 * (`"1.50"`, `"null"`; written for YAML 1.1, so `"yes"` and `"on"` too, which PyYAML reads as booleans).
 * The `yaml` library (the one queries as code reads headers with) is loaded here alone, so only
 * the YAML path pays for it.
 */
export async function loadYamlWriter(): Promise<(data: unknown) => string> {
  // Bundled from CommonJS, a dynamic import's exports may arrive under `default`.
  const mod = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') };
  const stringify = mod.stringify ?? mod.default!.stringify;
  return (data) => stringify(toPlain(data), { aliasDuplicateObjects: false, lineWidth: 0, version: '1.1' });
}

/**
 * What JSON would write (`toJSON` applied, undefined fields dropped), read back keeping every
 * digit: a number a double cannot hold (a verbatim literal from `dgw api`) is its digits, quoted.
 * A number that was a double already (1e+300 in a DOUBLE column) stays the number: its column's
 * values are numbers in every row (api/exact-numbers.ts).
 */
function toPlain(data: unknown): unknown {
  if (data === undefined) return null;
  return JSON.parse(JSON.stringify(data), (_key, value: unknown, context?: { source?: string }) => {
    if (typeof value !== 'number' || context?.source === undefined || context.source === String(value)) return value;
    return exactNumber(context.source);
  });
}
