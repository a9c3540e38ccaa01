import { Argument, type Command } from 'commander';
import type { ProfileUsed } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { requireProfile } from './names.js';
import { completes } from '../../completion/kinds.js';

export function registerProfileUse(parent: Command, wiring: Wiring): void {
  parent
    .command('use')
    .addArgument(completes(new Argument('<name>', 'a stored profile'), 'profile'))
    .description('Make a stored profile the current one (unknown profile: exit 4)')
    .addHelpText('after', examples('dgw --profile work auth login --with-token < key.txt   # a profile is made by logging in', 'dgw profile use work', 'DGW_PROFILE=work dgw catalog list   # one command only'))
    .action(wiring.action(runProfileUse));
}

export async function runProfileUse(ctx: Context, name: string, _opts: object): Promise<void> {
  const store = await ctx.store();
  await store.update((data) => {
    requireProfile(data, name);
    return { ...data, currentProfile: name };
  });
  if (ctx.out.json) ctx.out.value({ currentProfile: name } satisfies ProfileUsed);
  ctx.out.success(`now using profile ${name}`);
  const named = await ctx.settings({ mayCreateProfile: true }).then((s) => s.profile, () => undefined);
  if (named && named.source !== 'profile' && named.source !== 'default') {
    ctx.out.warn(`${named.source === 'project file' ? `the project file ${named.origin}` : named.origin} still takes precedence over the current profile`);
  }
}
