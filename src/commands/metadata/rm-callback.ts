import type { Command } from 'commander';
import { removeMetadataCallback } from '../../api/metadata.js';
import type { Context } from '../../context.js';
import type { MetadataCallbackRemoved } from '../../contract/results.js';
import { confirmForProject, type ConfirmOptions } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';

export function registerMetadataRmCallback(parent: Command, wiring: Wiring): void {
  parent
    .command('rm-callback')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Stop telling a URL when a metadata refresh ends')
    .addHelpText('after', examples('dgw metadata rm-callback --yes', 'dgw metadata rm-callback --yes --dry-run'))
    .action(wiring.action(async (ctx: Context, opts: ConfirmOptions) => {
      const { http, projectId } = await confirmForProject(ctx, 'remove the metadata refresh callback', opts);
      const answer = await removeMetadataCallback(http, projectId);
      if (opts.dryRun) return;
      const raw = (answer ?? {}) as { callbackURL?: unknown; deleted?: unknown };
      const gone: MetadataCallbackRemoved = { callbackURL: typeof raw.callbackURL === 'string' ? raw.callbackURL : null, deleted: raw.deleted !== false };
      ctx.out.result(gone, gone.callbackURL ?? '');
      ctx.out.success(gone.deleted ? 'metadata refreshes call no URL now' : 'there was no callback to remove');
    }));
}
