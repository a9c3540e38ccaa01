import type { Command } from 'commander';
import { listExports } from '../../api/exports.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseIsoTime } from '../../iso-time.js';
import { examples, type Wiring } from '../wiring.js';
import { EXPORT_COLUMNS } from './columns.js';

export interface ExportListOptions {
  status?: string;
  limit?: string;
  before?: string;
}

const STATUSES = ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'];

export function registerExportList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .option('--status <s1,s2>', `only these statuses: ${STATUSES.join(', ')}`)
    .option('--limit <n>', 'at most this many (1 to 200; the service\'s default otherwise)')
    .option('--before <time>', 'only those created before this ISO time (the last CREATED of the previous page)')
    .description('List the project\'s export jobs, newest first')
    .addHelpText('after', examples('dgw export list', 'dgw export list --status FAILED,CANCELLED', 'dgw export list --json id,status,rowCount'))
    .action(wiring.action(runExportList));
}

export async function runExportList(ctx: Context, opts: ExportListOptions): Promise<void> {
  let status: string | undefined;
  if (opts.status !== undefined) {
    const list = opts.status.split(',').map((s) => s.trim().toUpperCase());
    const bad = list.filter((s) => !STATUSES.includes(s));
    if (bad.length > 0 || list.length === 0) throw new UsageError(`--status: ${bad.join(', ') || '(nothing)'} is not one of ${STATUSES.join(', ')}`);
    status = list.join(',');
  }
  let limit: number | undefined;
  if (opts.limit !== undefined) {
    limit = Number(opts.limit);
    if (!/^\d+$/.test(opts.limit) || limit < 1 || limit > 200) throw new UsageError(`--limit: "${opts.limit}" is not a number from 1 to 200`);
  }
  if (opts.before !== undefined && parseIsoTime(opts.before) === undefined) throw new UsageError(`--before: "${opts.before}" is not an ISO time such as 2026-06-10T15:23:26Z`);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const jobs = await listExports(http, projectId, { status, limit, createdBefore: opts.before });
  await ctx.out.list(jobs, EXPORT_COLUMNS, (e) => e.id);
}
