import { maskKey, type Resolved, type Settings, type Source } from './settings.js';

/** One row of `dgw config explain`: a setting, its value (keys masked) and where it came from. */
export interface ExplainedSetting {
  setting: string;
  value: string | number | null;
  source: Source;
  /** The flag, variable, file or profile that supplied it; null for built-in defaults. */
  origin: string | null;
}

/** Lists every setting in a fixed order, with the API key masked. */
export function explainSettings(settings: Settings): ExplainedSetting[] {
  const row = <T>(setting: string, resolved: Resolved<T>, show: (v: T) => string | number | null): ExplainedSetting => ({
    setting,
    value: show(resolved.value),
    source: resolved.source,
    origin: resolved.origin ?? null,
  });
  const text = (v: string | undefined) => v ?? null;
  return [
    row('profile', settings.profile, text),
    row('zone', settings.zone, text),
    // The local zone's gateway runs inside dgw: it has no URL, and a script reading one gets none, not a placeholder.
    row('baseUrl', settings.baseUrl, text),
    row('projectId', settings.projectId, text),
    // A key in the OS keychain is not read to be explained: where it is says enough.
    row('apiKey', settings.apiKey, (v) => (v ? maskKey(v) : settings.keychainAccount ? '(in the OS keychain)' : null)),
    row('keyBoundTo', settings.keyBoundTo, text),
    row('keyType', settings.keyType, text),
    row('output', settings.output, text),
    row('timeout', settings.timeoutMs, (ms) => ms),
  ];
}

/** Human form of a source: `flag --project`, `env DGW_PROJECT`, `project file /repo/.dgwrc.json`, ... */
export function describeSource(row: Pick<ExplainedSetting, 'source' | 'origin'>): string {
  if (!row.origin) return row.source;
  // Said inside parentheses too (a prompt's target), so it holds none of its own.
  if (row.origin.startsWith('zone ')) return `${row.origin} from ${row.source}`;
  if (row.source === 'profile') return row.origin === 'current profile' ? 'profile store (current profile)' : row.origin;
  return `${row.source} ${row.origin}`;
}
