import type { Command } from 'commander';
import { listApiKeys } from '../../api/keys.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { KEY_COLUMNS, keyId } from './columns.js';
import { requirePartnerKey } from '../partner-key.js';

export function registerKeyList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .description('List the API keys of the project (partner key only); secrets are never shown again')
    .addHelpText('after', examples('dgw key list', 'dgw --project demo key list --json apiKeyId,name,expiresAt'))
    .action(wiring.action(runKeyList));
}

export async function runKeyList(ctx: Context, _opts: object): Promise<void> {
  await requirePartnerKey(ctx, 'managing project API keys');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  await ctx.out.list(await listApiKeys(http, projectId), KEY_COLUMNS, keyId);
}
