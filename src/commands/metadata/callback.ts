import type { Command } from 'commander';
import { getMetadataCallback } from '../../api/metadata.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { CALLBACK_COLUMNS } from './callback-input.js';

export function registerMetadataCallback(parent: Command, wiring: Wiring): void {
  parent
    .command('callback')
    .description('Show the URL told when a metadata refresh ends (the token is never shown)')
    .addHelpText('after', examples('dgw metadata callback', 'dgw metadata callback --json callbackURL'))
    .action(wiring.action(async (ctx: Context, _opts: object) => {
      const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
      const found = await getMetadataCallback(http, projectId);
      await ctx.out.record(found, CALLBACK_COLUMNS, (c) => c.callbackURL ?? '');
    }));
}

