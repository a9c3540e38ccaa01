import { describe, expect, it } from 'vitest';
import { describeSource, explainSettings } from '../src/config/explain.js';
import { checkProjectFile } from '../src/config/project-file.js';
import { checkBaseUrl, maskKey, resolveSettings, type SettingsInputs } from '../src/config/settings.js';
import type { StoreData } from '../src/config/store.js';
import { UsageError } from '../src/errors.js';

// resolveSettings: flag > environment > project file > profile > default, each layer against the next.
const store: StoreData = {
  currentProfile: 'work',
  profiles: {
    work: { zone: 'eu', projectId: 'from-profile', apiKey: 'profile-key-12345678', keyType: 'project', output: 'json' },
    other: { projectId: 'from-other-profile' },
  },
};
const projectFile = { filepath: '/repo/.dgwrc.json', project: 'from-file', zone: 'default' as const };
const inputs = (over: Partial<SettingsInputs> = {}): SettingsInputs => ({ flags: {}, env: {}, store, projectFile, ...over });

describe('resolveSettings precedence', () => {
  it.each([
    ['flag', inputs({ flags: { project: 'from-flag' }, env: { DGW_PROJECT: 'from-env' } }), 'from-flag', 'flag', '--project'],
    ['env', inputs({ env: { DGW_PROJECT: 'from-env' } }), 'from-env', 'env', 'DGW_PROJECT'],
    ['project file', inputs(), 'from-file', 'project file', '/repo/.dgwrc.json'],
    ['profile', inputs({ projectFile: undefined }), 'from-profile', 'profile', 'profile work'],
    ['default', inputs({ projectFile: undefined, store: { profiles: {} } }), undefined, 'default', undefined],
  ])('projectId from the %s layer', (_layer, given, value, source, origin) => {
    expect(resolveSettings(given).projectId).toEqual({ value, source, origin });
  });

  it('the profile itself follows the same order, and picks which profile supplies values', () => {
    expect(resolveSettings(inputs({ flags: { profile: 'other' }, env: { DGW_PROFILE: 'work' }, projectFile: undefined })).projectId.value).toBe('from-other-profile');
    expect(resolveSettings(inputs({ env: { DGW_PROFILE: 'other' } })).profile).toEqual({ value: 'other', source: 'env', origin: 'DGW_PROFILE' });
    expect(resolveSettings(inputs({ store: { profiles: {} } })).profile).toEqual({ value: 'default', source: 'default' });
  });

  it('the zone decides the base URL unless a base URL of at least the same rank is set', () => {
    expect(resolveSettings(inputs({ projectFile: undefined })).baseUrl).toEqual({ value: 'https://partner.eu.peaka.studio/api/v1', source: 'profile', origin: 'zone eu' });
    expect(resolveSettings(inputs({ env: { DGW_BASE_URL: 'http://127.0.0.1:9/api/v1' } })).baseUrl).toEqual({ value: 'http://127.0.0.1:9/api/v1', source: 'env', origin: 'DGW_BASE_URL' });
    expect(resolveSettings(inputs({ flags: { zone: 'eu' }, env: { DGW_BASE_URL: 'http://127.0.0.1:9/api/v1' } })).baseUrl.origin).toBe('zone eu');
    expect(resolveSettings(inputs({ flags: { zone: 'local' } })).baseUrl).toEqual({ value: undefined, source: 'flag', origin: 'zone local' });
  });

  it('the key comes from DGW_API_KEY before the profile, never from flags or the project file', () => {
    expect(resolveSettings(inputs({ env: { DGW_API_KEY: 'env-key-000000000' } })).apiKey).toEqual({ value: 'env-key-000000000', source: 'env', origin: 'DGW_API_KEY' });
    expect(resolveSettings(inputs()).apiKey).toEqual({ value: 'profile-key-12345678', source: 'profile', origin: 'profile work' });
    // The key type belongs to the stored key; an env key's type is unknown.
    expect(resolveSettings(inputs({ env: { DGW_API_KEY: 'env-key-000000000' } })).keyType.value).toBeUndefined();
  });

  it('refuses an unknown zone and a bad timeout with the flag named', () => {
    expect(() => resolveSettings(inputs({ env: { DGW_ZONE: 'mars' } }))).toThrow(/DGW_ZONE: unknown zone "mars"/);
    expect(() => resolveSettings(inputs({ flags: { timeout: 'soon' } }))).toThrow(/--timeout: "soon" is not a duration/);
  });
});

describe('checkBaseUrl and checkProjectFile', () => {
  it('accepts https and loopback http, refuses plain http elsewhere', () => {
    expect(checkBaseUrl('https://gw.example.com/api/v1/')).toBe('https://gw.example.com/api/v1');
    expect(checkBaseUrl('http://127.0.0.1:8080/api/v1')).toBe('http://127.0.0.1:8080/api/v1');
    expect(checkBaseUrl('http://localhost:8080')).toBe('http://localhost:8080');
    expect(() => checkBaseUrl('http://example.com/api/v1', '--base-url')).toThrow(UsageError);
    expect(() => checkBaseUrl('http://example.com/api/v1', '--base-url')).toThrow(/--base-url: plain http is only allowed for loopback/);
    expect(() => checkBaseUrl('https://user:pw@gw.example.com')).toThrow(/credentials/);
  });

  it('refuses an API key in a project file', () => {
    expect(() => checkProjectFile({ project: 'p', apiKey: 'x' }, '/repo/.dgwrc.json')).toThrow(/holds an API key \("apiKey"\); keys must not be committed/);
  });
});

describe('explainSettings', () => {
  it('lists every setting with its source, the key masked', () => {
    const rows = explainSettings(resolveSettings(inputs({ flags: { timeout: '2m' } })));
    expect(rows.map((r) => r.setting)).toEqual(['profile', 'zone', 'baseUrl', 'projectId', 'apiKey', 'keyType', 'output', 'timeout']);
    const by = Object.fromEntries(rows.map((r) => [r.setting, r]));
    expect(by.apiKey).toEqual({ setting: 'apiKey', value: maskKey('profile-key-12345678'), source: 'profile', origin: 'profile work' });
    expect(by.timeout).toEqual({ setting: 'timeout', value: 120_000, source: 'flag', origin: '--timeout' });
    expect(JSON.stringify(rows)).not.toContain('profile-key-12345678');
    expect(describeSource(by.projectId)).toBe('project file /repo/.dgwrc.json');
    expect(describeSource(by.profile)).toBe('profile store (current profile)');
    expect(describeSource(by.baseUrl)).toBe('project file (zone default)');
    expect(describeSource(by.keyType)).toBe('profile work');
  });
});
