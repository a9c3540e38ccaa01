import { describe, expect, it } from 'vitest';
import { describeSource, explainSettings } from '../src/config/explain.js';
import { checkProjectFile } from '../src/config/project-file.js';
import { withBindings } from '../src/config/key-binding.js';
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

  it.each([
    ['--jq', inputs({ flags: { jq: '.', format: 'csv' }, env: { DGW_OUTPUT: 'csv' } }), 'json', 'flag', '--jq'],
    ['--json', inputs({ flags: { json: 'id' }, env: { DGW_OUTPUT: 'csv' } }), 'json', 'flag', '--json'],
    ['--format', inputs({ flags: { format: 'YAML' }, env: { DGW_OUTPUT: 'csv' } }), 'yaml', 'flag', '--format'],
    ['--format yaml with --json FIELDS', inputs({ flags: { format: 'yaml', json: 'id' } }), 'yaml', 'flag', '--format'],
    ['env', inputs({ env: { DGW_OUTPUT: 'csv' }, projectFile: { ...projectFile, output: 'table' } }), 'csv', 'env', 'DGW_OUTPUT'],
    ['project file', inputs({ projectFile: { ...projectFile, output: 'table' } }), 'table', 'project file', '/repo/.dgwrc.json'],
    ['profile', inputs(), 'json', 'profile', 'profile work'],
    ['default', inputs({ store: { profiles: {} } }), 'auto', 'default', undefined],
  ])('the output from %s', (_layer, given, value, source, origin) => {
    expect(resolveSettings(given).output).toEqual({ value, source, origin });
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
    expect(resolveSettings(inputs({ projectFile: undefined })).apiKey).toEqual({ value: 'profile-key-12345678', source: 'profile', origin: 'profile work' });
    // The key type belongs to the stored key; an env key's type is unknown.
    expect(resolveSettings(inputs({ env: { DGW_API_KEY: 'env-key-000000000' } })).keyType.value).toBeUndefined();
  });

  it('DGW_API_KEY is held back from a URL only the project file names, not from a zone it names', () => {
    const held = resolveSettings(inputs({ env: { DGW_API_KEY: 'env-key-000000000' }, projectFile: { ...projectFile, baseUrl: 'https://gw.example.com/api/v1' } }));
    expect(held.apiKey.value).toBeUndefined();
    expect(held.envKeyHeldBack).toEqual({ projectFile: '/repo/.dgwrc.json', target: 'https://gw.example.com/api/v1' });
    const zone = resolveSettings(inputs({ env: { DGW_API_KEY: 'env-key-000000000' }, projectFile: { ...projectFile, zone: 'eu' } }));
    expect(zone.apiKey.value).toBe('env-key-000000000');
    expect(zone.envKeyHeldBack).toBeUndefined();
  });

  it('refuses an unknown zone and a bad timeout with the flag named', () => {
    expect(() => resolveSettings(inputs({ env: { DGW_ZONE: 'mars' } }))).toThrow(/DGW_ZONE: unknown zone "mars"/);
    expect(() => resolveSettings(inputs({ flags: { timeout: 'soon' } }))).toThrow(/--timeout: "soon" is not a duration/);
  });

  it('takes a fraction of a second in the short form, as in ISO 8601', () => {
    expect(resolveSettings(inputs({ flags: { timeout: '0.5s' } })).timeoutMs.value).toBe(500);
    expect(resolveSettings(inputs({ flags: { timeout: 'PT0.5S' } })).timeoutMs.value).toBe(500);
  });

  it('refuses an empty --timeout (an unset variable) instead of using the default 30s', () => {
    expect(() => resolveSettings(inputs({ flags: { timeout: '' } }))).toThrow(/--timeout: "" is not a duration/);
  });
});

describe('a stored key is bound to the host it was stored for', () => {
  const A = 'http://127.0.0.1:1001/api/v1';
  const B = 'http://127.0.0.1:1002/api/v1';
  const EU = 'https://partner.eu.peaka.studio/api/v1';
  const bound: StoreData = {
    currentProfile: 'lp',
    profiles: {
      lp: { zone: 'default', baseUrl: A, apiKey: 'lp-key-000000001', keyBoundTo: A, keyType: 'partner' },
      eu: { zone: 'eu', apiKey: 'eu-key-000000002', keyBoundTo: EU },
      loc: { zone: 'local', apiKey: 'local-key-00000003', keyBoundTo: 'local' },
      // Stored before keys were bound: no keyBoundTo.
      old: { zone: 'eu', apiKey: 'old-key-000000004' },
      oldUrl: { zone: 'default', baseUrl: 'http://127.0.0.1:1001/api/v1/', apiKey: 'oldurl-key-000005' },
      oldLocal: { zone: 'local', apiKey: 'oldlocal-key-0006' },
    },
  };
  const resolve = (over: Partial<SettingsInputs>) => resolveSettings({ flags: {}, env: {}, store: bound, ...over });

  it('is used for its own host', () => {
    const s = resolve({});
    expect(s.apiKey.value).toBe('lp-key-000000001');
    expect(s.keyBoundTo).toEqual({ value: A, source: 'profile', origin: 'profile lp' });
    expect(s.withheldKey).toBeUndefined();
  });

  it.each([
    ['--base-url', { flags: { baseUrl: B } }, B],
    ['DGW_BASE_URL', { env: { DGW_BASE_URL: B } }, B],
    ['a project file baseUrl', { projectFile: { filepath: '/repo/.dgwrc.json', baseUrl: B } }, B],
    ['--zone eu', { flags: { zone: 'eu' } }, EU],
    ['a project file zone', { projectFile: { filepath: '/repo/.dgwrc.json', zone: 'eu' as const } }, EU],
    ['--zone local', { flags: { zone: 'local' } }, 'local'],
  ])('is withheld when %s names another host', (_how, over, target) => {
    const s = resolve(over);
    expect(s.apiKey).toEqual({ value: undefined, source: 'default' });
    expect(s.keyType.value).toBeUndefined();
    expect(s.withheldKey).toEqual({ profile: 'lp', boundTo: A, target, profilesForTarget: target === EU ? ['eu', 'old'] : target === 'local' ? ['loc', 'oldLocal'] : [] });
  });

  it('DGW_API_KEY goes wherever the command names; it is not a stored key', () => {
    const s = resolve({ flags: { baseUrl: B }, env: { DGW_API_KEY: 'env-key-0000000009' } });
    expect(s.apiKey.value).toBe('env-key-0000000009');
    expect(s.keyBoundTo).toEqual({ value: undefined, source: 'env', origin: 'DGW_API_KEY' });
    expect(s.withheldKey).toBeUndefined();
  });

  it('a local gateway key is used only for the local gateway', () => {
    expect(resolve({ flags: { profile: 'loc' } }).apiKey.value).toBe('local-key-00000003');
    expect(resolve({ flags: { profile: 'loc', baseUrl: B } }).withheldKey).toMatchObject({ boundTo: 'local', target: B });
    expect(resolve({ flags: { profile: 'loc', zone: 'default' } }).apiKey.value).toBeUndefined();
    expect(resolve({ flags: { profile: 'loc', zone: 'eu' } }).apiKey.value).toBeUndefined();
  });

  it('a profile stored before bindings is bound to what it resolves to on its own', () => {
    expect(resolve({ flags: { profile: 'old' } }).keyBoundTo.value).toBe(EU);
    expect(resolve({ flags: { profile: 'old', zone: 'default' } }).withheldKey).toMatchObject({ boundTo: EU, target: 'https://partner.peaka.studio/api/v1' });
    expect(resolve({ flags: { profile: 'oldUrl' } }).apiKey.value).toBe('oldurl-key-000005');
    expect(resolve({ flags: { profile: 'oldUrl', zone: 'eu' } }).withheldKey).toMatchObject({ boundTo: A });
    expect(resolve({ flags: { profile: 'oldLocal', zone: 'local' } }).apiKey.value).toBe('oldlocal-key-0006');
    expect(resolve({ flags: { profile: 'oldLocal', baseUrl: B } }).withheldKey).toMatchObject({ boundTo: 'local' });
  });

  it('writing the store records the binding of each key stored before bindings, and of no other', () => {
    const written = withBindings(bound).profiles;
    expect(written.old.keyBoundTo).toBe(EU);
    expect(written.oldUrl.keyBoundTo).toBe(A);
    expect(written.oldLocal.keyBoundTo).toBe('local');
    expect(written.lp).toBe(bound.profiles.lp);
    expect(withBindings({ profiles: { bare: { zone: 'eu' } } }).profiles.bare).toEqual({ zone: 'eu' });
  });

  it('the same host written differently still matches (trailing slash, host case)', () => {
    expect(resolve({ flags: { baseUrl: 'http://127.0.0.1:1001/api/v1/' } }).apiKey.value).toBe('lp-key-000000001');
    expect(resolve({ flags: { profile: 'eu', baseUrl: 'https://PARTNER.eu.peaka.studio/api/v1' } }).apiKey.value).toBe('eu-key-000000002');
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

  it('refuses an empty entry in a project file instead of falling back to the profile\'s value', () => {
    for (const key of ['project', 'profile', 'baseUrl', 'zone']) {
      expect(() => checkProjectFile({ [key]: ' ' }, '/repo/.dgwrc'), key).toThrow(`project file /repo/.dgwrc: "${key}" is empty`);
      expect(() => checkProjectFile({ [key]: '' }, '/repo/.dgwrc'), key).toThrow(UsageError);
    }
  });
});

describe('explainSettings', () => {
  it('lists every setting with its source, the key masked', () => {
    const rows = explainSettings(resolveSettings(inputs({ flags: { timeout: '2m' }, projectFile: { filepath: '/repo/.dgwrc.json', project: 'from-file' } })));
    expect(rows.map((r) => r.setting)).toEqual(['profile', 'zone', 'baseUrl', 'projectId', 'apiKey', 'keyBoundTo', 'keyType', 'output', 'timeout']);
    const by = Object.fromEntries(rows.map((r) => [r.setting, r]));
    expect(by.apiKey).toEqual({ setting: 'apiKey', value: maskKey('profile-key-12345678'), source: 'profile', origin: 'profile work' });
    expect(by.timeout).toEqual({ setting: 'timeout', value: 120_000, source: 'flag', origin: '--timeout' });
    expect(JSON.stringify(rows)).not.toContain('profile-key-12345678');
    expect(describeSource(by.projectId)).toBe('project file /repo/.dgwrc.json');
    expect(describeSource(by.profile)).toBe('profile store (current profile)');
    expect(describeSource(by.baseUrl)).toBe('zone eu from profile');
    expect(by.keyBoundTo).toEqual({ setting: 'keyBoundTo', value: 'https://partner.eu.peaka.studio/api/v1', source: 'profile', origin: 'profile work' });
    expect(describeSource(by.keyType)).toBe('profile work');
  });
});
