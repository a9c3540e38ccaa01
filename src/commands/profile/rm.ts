import { Argument, type Command } from 'commander';
import type { ProfileRemoved } from '../../contract/results.js';
import { describeBinding, hasStoredKey, keyBinding } from '../../config/key-binding.js';
import { forgetKeychainEntry } from '../../config/key-storage.js';
import { maskKey } from '../../config/settings.js';
import type { Profile } from '../../config/store.js';
import type { Context } from '../../context.js';
import { confirmDestructive, type ConfirmOptions } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';
import { currentProfileName, requireProfile } from './names.js';
import { completes } from '../../completion/kinds.js';

export function registerProfileRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('remove')
    .addArgument(completes(new Argument('<name>', 'a stored profile'), 'profile'))
    .option('-y, --yes', 'do not ask for confirmation')
    .description('Remove a stored profile and its key, after asking; removing the current profile leaves none current (unknown profile: exit 4)')
    .addHelpText('after', examples('dgw profile rm work', 'dgw profile rm work --yes   # scripts: no terminal to ask on'))
    .action(wiring.action(runProfileRm));
}

export async function runProfileRm(ctx: Context, name: string, opts: ConfirmOptions): Promise<void> {
  const store = await ctx.store();
  const data = store.read();
  requireProfile(data, name);
  await confirmDestructive(ctx, `remove profile ${name}${describeKey(data.profiles[name])}`, opts);
  const removed = data.profiles[name];
  if (removed.keychain) await forgetKeychainEntry(ctx, removed.keychain);
  const wasCurrent = data.currentProfile === name;
  const next = await store.update((now) => {
    requireProfile(now, name);
    const profiles = { ...now.profiles };
    delete profiles[name];
    return { currentProfile: now.currentProfile === name ? undefined : now.currentProfile, profiles };
  });
  if (ctx.out.json) ctx.out.value({ profile: name, removed: true, wasCurrent } satisfies ProfileRemoved);
  ctx.out.success(`removed profile ${name}`);
  if (wasCurrent) {
    // With no current profile, commands fall back to the one named "default".
    const fallback = currentProfileName(next);
    ctx.out.note(next.profiles[fallback] ? `commands now use profile ${fallback}` : 'no profile is current now; run `dgw profile use NAME` or `dgw auth login`');
  }
}

/** What goes with the profile: its key, masked, and the host it is for. */
function describeKey(profile: Profile): string {
  if (!hasStoredKey(profile)) return ' (it holds no key)';
  const host = keyBinding(profile);
  // A key in the keychain is not read just to be masked in a question.
  const key = profile.apiKey ? maskKey(profile.apiKey) : '(in the OS keychain)';
  return ` and its key ${key}${host ? ` for ${describeBinding(host)}` : ''}`;
}
