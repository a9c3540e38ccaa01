import { maskKey } from '../config/settings.js';
import type { OpenSpec } from './request-spec.js';

/** What `--dry-run` shows of a request that was not sent. */
export interface DryRunView {
  method: OpenSpec['method'];
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** What the request would destroy or change, as the command found it out. */
  effects?: DryRunEffects;
}

/** A change's consequences for `--dry-run`: lines for a person, facts for `--json`. */
export interface DryRunEffects {
  lines: string[];
  facts: Record<string, unknown>;
}

/** What a dry run knows besides the request: the key to mask, the placeholders in use, the change's effects. */
export interface DryRunSetting {
  apiKey?: string;
  placeholders: Set<string>;
  effects?: DryRunEffects;
}

/** A stand-in for a value only a request could tell, printed as written (`{id of revenuereport}`) in a shown URL. */
export function placeholderToken(what: string, placeholders: Set<string>): string {
  const token = `{${what}}`;
  placeholders.add(token);
  return token;
}

/** A request as a dry run shows it: the URL with its placeholders as written, the key masked, the body (or what stands for a streamed one). */
export function dryRunView(spec: OpenSpec, encoded: string, setting: DryRunSetting): DryRunView {
  // Placeholders read as they were written, not percent-encoded; they are never sent.
  let url = encoded;
  for (const token of setting.placeholders) url = url.split(encodeURIComponent(token)).join(token);
  const headers: Record<string, string> = {};
  if (setting.apiKey) headers.Authorization = `Bearer ${maskKey(setting.apiKey)}`;
  let body = spec.secretBody && spec.body !== undefined ? spec.secretBody(spec.body) : spec.body;
  if (spec.content) {
    headers['Content-Type'] = spec.content.type;
    body = spec.content.shown;
  } else if (body !== undefined) headers['Content-Type'] = 'application/json';
  return { method: spec.method, url, headers, ...(body !== undefined ? { body } : {}), ...(setting.effects ? { effects: setting.effects } : {}) };
}
