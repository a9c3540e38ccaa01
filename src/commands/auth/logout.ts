import type { Command } from 'commander';
import type { LogoutResult } from '../../contract/results.js';
import { hasStoredKey } from '../../config/key-binding.js';
import { forgetKeychainEntry } from '../../config/key-storage.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';

export function registerAuthLogout(parent: Command, wiring: Wiring): void {
  parent
    .command('logout')
    .description('Remove the API key from the profile in use (and from the OS keychain); its zone, project and other settings stay')
    .addHelpText('after', examples('dgw auth logout', 'dgw --profile eu-work auth logout'))
    .action(wiring.action(runAuthLogout));
}

export async function runAuthLogout(ctx: Context, _opts: object): Promise<void> {
  const name = (await ctx.settings()).profile.value;
  const store = await ctx.store();
  const data = store.read();
  const profile = data.profiles[name];
  const hadKey = profile !== undefined && hasStoredKey(profile);
  if (profile && hadKey) {
    if (profile.keychain) await forgetKeychainEntry(ctx, profile.keychain);
    await store.update((now) => {
      if (!now.profiles[name]) return now;
      const { apiKey: _removed, keychain: _entry, keyType: _type, keyBoundTo: _host, ...rest } = now.profiles[name];
      return { ...now, profiles: { ...now.profiles, [name]: rest } };
    });
  }
  if (ctx.out.json) ctx.out.value({ profile: name, removed: hadKey } satisfies LogoutResult);
  if (hadKey) ctx.out.success(`removed the API key of profile ${name}`);
  else ctx.out.note(`profile ${name} holds no API key; nothing to do`);
  if (ctx.env.DGW_API_KEY) ctx.out.warn('DGW_API_KEY is still set in the environment; unset it to log out completely');
}
