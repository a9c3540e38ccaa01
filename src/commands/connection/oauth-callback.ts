import type { Command } from 'commander';
import { finishOauth2 } from '../../api/connections.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { CONNECTION_COLUMNS } from './columns.js';

export function registerConnectionOauthCallback(parent: Command, wiring: Wiring): void {
  parent
    .command('oauth-callback')
    .argument('<query-string>', 'the query string the browser was sent back with (code=...&state=...), or the whole address; - reads it from stdin')
    .description('Finish an OAuth 2.0 connection once access was granted in the browser')
    .addHelpText(
      'after',
      `
\`connection create\` of an OAuth 2.0 type prints an address; open it, grant access, and give the
address the browser lands on (or its query string) here. It carries a one-time code: read it from
stdin to keep it out of shell history.
${examples('dgw connection oauth-callback - < callback.txt', 'echo "$CALLBACK_URL" | dgw connection oauth-callback -')}`,
    )
    .action(wiring.action(runConnectionOauthCallback));
}

export async function runConnectionOauthCallback(ctx: Context, given: string, _opts: object): Promise<void> {
  const text = (given === '-' ? await ctx.readStdin() : given).trim();
  const query = text.includes('?') ? text.slice(text.indexOf('?') + 1) : text;
  if (!/\w=/.test(query)) throw new UsageError('give the query string the browser came back with (code=...&state=...) or the whole address');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const connection = await finishOauth2(http, projectId, query.replace(/#.*$/, ''));
  await ctx.out.record(connection, CONNECTION_COLUMNS, (c) => c.id);
  ctx.out.success(`connected ${connection.name} (id ${connection.id})`);
}
