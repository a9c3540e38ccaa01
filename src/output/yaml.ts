import { exactNumber } from '../api/exact-numbers.js';
import { jsonWithoutControls } from './visible.js';

/** YAML writer: strings quoted wherever YAML 1.1 readers would misread them (`"yes"`); `yaml` loads only here. */
export async function loadYamlWriter(): Promise<(data: unknown) => string> {
  // Bundled from CommonJS, a dynamic import's exports may arrive under `default`.
  const mod = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') };
  const stringify = mod.stringify ?? mod.default!.stringify;
  // Quoted as text: a plain << (merge key), = (value tag) or tab, which PyYAML fails on, and 0o17, 0X1F or 0B11, which YAML 1.2 readers (so yq) take for numbers.
  const quoted = { tag: 'tag:yaml.org,2002:value', default: true, test: /^(?:<<|=)$|\t|^[-+]?0[bBoOxX]/, resolve: (text: string) => text };
  // YAML 1.1 reads an exponent without a dot (1e-7) as text: written 1.0e-7.
  const exponent = { tag: 'tag:yaml.org,2002:float', default: true, identify: (v: unknown) => typeof v === 'number' && /^[^.]*e/.test(String(v)), test: /^[-+]?\d\.0e[-+]\d+$/, resolve: Number, stringify: ({ value }: { value: unknown }) => String(value).replace('e', '.0e') };
  const customTags = (tags: import('yaml').Tags) => [exponent, ...tags.filter((t) => typeof t === 'string' || !/:(merge|omap)$/.test(t.tag)), quoted];
  // yaml double-quotes DEL and C1 but writes them raw, which YAML forbids (PyYAML refuses the file): escaped as JSON's are.
  return (data) => jsonWithoutControls(stringify(toPlain(data), { aliasDuplicateObjects: false, lineWidth: 0, version: '1.1', customTags }));
}

/** What JSON would write, read back keeping every digit: an inexact number becomes its quoted digits. */
function toPlain(data: unknown): unknown {
  if (data === undefined) return null;
  // With an integer-like key ("1"), keys go through prefixed and come back as Maps (plain mappings, no !!omap), keeping their place.
  const isRecord = (v: unknown): v is object => v !== null && typeof v === 'object' && !Array.isArray(v) && !isRawJson(v);
  const plain = JSON.stringify(data);
  const prefixed = /[{,]"\d+":/.test(plain);
  const text = prefixed ? JSON.stringify(data, (_key, value: unknown) => (isRecord(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [`~${k}`, v])) : value)) : plain;
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => {
    if (prefixed && isRecord(value)) return new Map(Object.entries(value).map(([k, v]) => [k.slice(1), v]));
    if (typeof value !== 'number' || context?.source === undefined || context.source === String(value)) return value;
    return exactNumber(context.source);
  });
}

const isRawJson = (JSON as unknown as { isRawJSON(value: unknown): boolean }).isRawJSON;
