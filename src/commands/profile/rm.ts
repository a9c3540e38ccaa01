import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { currentProfileName, requireProfile } from './names.js';

export function registerProfileRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('remove')
    .argument('<name>', 'a stored profile')
    .description('Remove a stored profile and its key; removing the current profile leaves none current (unknown profile: exit 4)')
    .addHelpText('after', examples('dgw profile rm old-work'))
    .action(wiring.action(runProfileRm));
}

export async function runProfileRm(ctx: Context, name: string, _opts: object): Promise<void> {
  const store = await ctx.store();
  const data = store.read();
  requireProfile(data, name);
  const profiles = { ...data.profiles };
  delete profiles[name];
  const wasCurrent = data.currentProfile === name;
  const next = { currentProfile: wasCurrent ? undefined : data.currentProfile, profiles };
  store.write(next);
  if (ctx.out.json) ctx.out.value({ removed: name, wasCurrent });
  ctx.out.success(`removed profile ${name}`);
  if (wasCurrent) {
    // With no current profile, commands fall back to the one named "default".
    const fallback = currentProfileName(next);
    ctx.out.note(profiles[fallback] ? `commands now use profile ${fallback}` : 'no profile is current now; run `dgw profile use NAME` or `dgw auth login`');
  }
}
