import type { Command } from 'commander';
import { searchGoldenSqls } from '../../api/golden-sqls.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { GOLDEN_COLUMNS, goldenId } from './columns.js';

export function registerGoldenSqlSearch(parent: Command, wiring: Wiring): void {
  parent
    .command('search')
    .argument('<words...>', 'words to look for in the questions and their SQL')
    .description('Find golden SQLs by the words of their question and SQL, best first')
    .addHelpText(
      'after',
      `${examples('dgw golden-sql search revenue customer', 'dgw golden-sql search orders --json id,prompt,score')}
The local gateway ranks by the words shared (a word of the question counts twice); no model runs
locally. The hosted service ranks by meaning.
`,
    )
    .action(wiring.action(runGoldenSqlSearch));
}

export async function runGoldenSqlSearch(ctx: Context, words: string[], _opts: object): Promise<void> {
  const q = words.join(' ').trim();
  if (!q) throw new UsageError('give at least one word to search for');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  await ctx.out.list(await searchGoldenSqls(http, projectId, q), [...GOLDEN_COLUMNS, { field: 'score', kind: 'number' }], goldenId);
}
