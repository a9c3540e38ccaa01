import type { Command } from 'commander';
import type { Static } from 'typebox';
import { keyBinding } from '../../config/key-binding.js';
import { maskKey } from '../../config/settings.js';
import { configDir, readStoreFile } from '../../config/store.js';
import type * as O from '../../contract/results.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { compareText } from '../../output/text-order.js';
import { examples, type Wiring } from '../wiring.js';
import { currentProfileName } from './names.js';

/** A profile as `profile list` shows it: never the key itself. */
export type ProfileRow = Static<typeof O.ProfileRow>;

const COLUMNS: Column<ProfileRow>[] = [
  { field: 'name', kind: 'key' },
  { field: 'zone', kind: 'text', show: (p) => (p.baseUrl ? `${p.zone} (${p.baseUrl})` : p.zone) },
  { field: 'projectId', kind: 'id' },
  { field: 'key', show: (p) => (p.key ? `${p.key}${p.keyType ? ` (${p.keyType})` : ''}` : null) },
  { field: 'current', show: (p) => (p.current ? '*' : '') },
];

export function registerProfileList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .description('List the stored profiles; the current one is marked, keys are masked')
    .addHelpText('after', examples('dgw profile list', 'dgw profile list --json name,current'))
    .action(wiring.action(runProfileList));
}

export async function runProfileList(ctx: Context, _opts: object): Promise<void> {
  const data = readStoreFile(configDir(ctx.env));
  const current = currentProfileName(data);
  const rows: ProfileRow[] = Object.entries(data.profiles)
    .sort(([a], [b]) => compareText(a, b))
    .map(([name, p]) => ({
      name,
      zone: p.zone ?? 'default',
      baseUrl: p.baseUrl ?? null,
      projectId: p.projectId ?? null,
      key: p.apiKey ? maskKey(p.apiKey) : p.keychain ? '(keychain)' : null,
      keyStorage: p.apiKey ? 'file' : p.keychain ? 'keychain' : null,
      keyBoundTo: keyBinding(p) ?? null,
      keyType: p.keyType ?? null,
      current: name === current,
    }));
  await ctx.out.list(rows, COLUMNS, (p) => p.name);
}
