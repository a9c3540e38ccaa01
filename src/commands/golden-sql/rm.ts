import type { Command } from 'commander';
import { deleteGoldenSql, listGoldenSqls } from '../../api/golden-sqls.js';
import { NotFoundError } from '../../errors.js';
import { checkSegment } from '../../api/path.js';
import type { Context } from '../../context.js';
import type { GoldenSqlDeleted } from '../../contract/results.js';
import { confirmForProject, reportChange, type ConfirmOptions } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';

export function registerGoldenSqlRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<id>', 'the golden SQL\'s id (golden-sql list shows them)')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a golden SQL')
    .addHelpText('after', examples('dgw golden-sql rm 709922802836177297 --yes --dry-run', 'dgw golden-sql list -q | xargs -r -n1 dgw golden-sql rm --yes   # every one'))
    .action(wiring.action(runGoldenSqlRm));
}

export async function runGoldenSqlRm(ctx: Context, id: string, opts: ConfirmOptions): Promise<void> {
  checkSegment(id, 'ID');
  const { http, projectId } = await confirmForProject(ctx, `delete golden SQL ${id}`, opts, async (http, projectId) => {
    if (!http.readsNothing && !opts.yes && !(await listGoldenSqls(http, projectId)).some((g) => g.id === id)) throw new NotFoundError(`project ${projectId} has no golden SQL ${id} (\`dgw golden-sql list\` shows them)`);
  });
  await deleteGoldenSql(http, projectId, id);
  reportChange(ctx, opts, { id, deleted: true } satisfies GoldenSqlDeleted, id, `deleted golden SQL ${id}`);
}
