import type { Command } from 'commander';
import { setMetadataCallback } from '../../api/metadata.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { CALLBACK_COLUMNS, callbackToken, checkCallbackUrl } from './callback-input.js';

export function registerMetadataSetCallback(parent: Command, wiring: Wiring): void {
  parent
    .command('set-callback')
    .argument('<url>', 'the http or https URL to POST to when a refresh ends')
    .option('--with-token', 'read a token from stdin; it is sent as a bearer key with each call')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Register the URL told when a metadata refresh ends (replacing the one before)')
    .addHelpText('after', examples('dgw metadata set-callback https://ci.example.com/hooks/metadata --with-token < hook-token.txt --dry-run', 'dgw metadata set-callback http://127.0.0.1:8080/refreshed --dry-run'))
    .action(wiring.action(async (ctx: Context, url: string, opts: { withToken?: boolean; dryRun?: boolean }) => {
      const callbackURL = checkCallbackUrl(url, 'URL');
      const token = opts.withToken ? await callbackToken(ctx) : undefined;
      const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
      const answer = await setMetadataCallback(http, projectId, callbackURL, token);
      if (opts.dryRun) return;
      await ctx.out.record(answer ?? { callbackURL, hasToken: token !== undefined }, CALLBACK_COLUMNS, (c) => c.callbackURL ?? '');
      ctx.out.success(`metadata refreshes now call ${callbackURL}`);
    }));
}

