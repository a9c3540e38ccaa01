import type { Command } from 'commander';
import { text } from 'node:stream/consumers';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { checkNameArgument } from '../name-argument.js';

export function registerTableSample(parent: Command, wiring: Wiring): void {
  parent
    .command('sample')
    .argument('<table>', 'the stored table')
    .description('Print a sample CSV of a stored table (its column names and a few rows): a template for `table import`')
    .addHelpText('after', examples('dgw table sample orders', 'dgw table sample orders > orders-template.csv'))
    .action(wiring.action(runTableSample, { json: false }));
}

/** Writes the service's sample CSV to stdout as it comes (control characters shown, on a terminal). */
export async function runTableSample(ctx: Context, name: string, _opts: object): Promise<void> {
  const table = checkNameArgument(name, 'TABLE');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const [{ csvSample }, { bodyChunks }] = await Promise.all([import('../../api/imports.js'), import('../../api/body-chunks.js')]);
  const response = await csvSample(http, projectId, table);
  const sample = await text(bodyChunks(response, { signal: http.signal, idleMs: http.timeoutMs, what: `the sample of ${table}` }));
  if (sample !== '') ctx.out.raw(ctx.out.onScreen(sample, '\n\t'));
}
