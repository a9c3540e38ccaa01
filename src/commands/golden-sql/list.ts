import type { Command } from 'commander';
import { listGoldenSqls } from '../../api/golden-sqls.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { GOLDEN_COLUMNS, goldenId } from './columns.js';

export function registerGoldenSqlList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .description('List the golden SQLs of the project: questions and the SQL that answers each')
    .addHelpText('after', examples('dgw golden-sql list', 'dgw golden-sql list --json id,prompt'))
    .action(wiring.action(runGoldenSqlList));
}

export async function runGoldenSqlList(ctx: Context, _opts: object): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  await ctx.out.list(await listGoldenSqls(http, projectId), GOLDEN_COLUMNS, goldenId);
}
