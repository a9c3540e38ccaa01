import type { Command } from 'commander';
import type { KeyDeleted } from '../../contract/results.js';
import { deleteApiKey, listApiKeys } from '../../api/keys.js';
import { isIdShaped } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';
import { confirmDestructive, ensureConfirmable, reportChange, type ConfirmOptions } from '../confirm.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { requirePartnerKey } from '../partner-key.js';

export function registerKeyRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<key>', 'the key id (a UUID), or its name')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a project API key (partner key only); requests with it are refused from then on')
    .addHelpText('after', examples('dgw key rm ci-pipeline', 'dgw --profile default key rm nightly --yes   # a profile with the partner key'))
    .action(wiring.action(runKeyRm));
}

export async function runKeyRm(ctx: Context, ref: string, opts: ConfirmOptions): Promise<void> {
  checkNameArgument(ref, 'KEY');
  await requirePartnerKey(ctx, 'managing project API keys');
  const projectId = await ctx.projectId();
  const what = `delete API key ${ref} of project ${projectId} (requests with it will be refused)`;
  ensureConfirmable(ctx, what, opts);
  const http = await ctx.http({ dryRun: opts.dryRun });
  let id = ref;
  if (!isIdShaped(ref) && http.readsNothing) id = http.placeholder(`id of key ${ref}`);
  else if (!isIdShaped(ref)) {
    const keys = await listApiKeys(http, projectId);
    const matches = keys.filter((k) => k.name === ref || k.apiKeyId === ref);
    if (matches.length === 0) throw new NotFoundError(`project ${projectId} has no API key named ${ref}${didYouMean(ref, keys.map((k) => k.name))}`);
    if (matches.length > 1) throw new UsageError(`${matches.length} keys are named ${ref}; give the id of the one to delete (${matches.map((k) => k.apiKeyId).join(', ')})`);
    id = matches[0].apiKeyId;
  }
  await confirmDestructive(ctx, what, opts);
  await deleteApiKey(http, projectId, id);
  reportChange(ctx, opts, { apiKeyId: id, deleted: true } satisfies KeyDeleted, id, `deleted API key ${ref}`);
}
