import type { Command } from 'commander';
import { describeSource, explainSettings } from '../../config/explain.js';
import type { ConfigGot } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';
import { examples, type Wiring } from '../wiring.js';

export function registerConfigGet(parent: Command, wiring: Wiring): void {
  parent
    .command('get')
    .argument('<setting>', 'profile, zone, baseUrl, project (projectId), apiKey (masked), keyBoundTo, keyType, output or timeout')
    .description('Print the value of one setting as dgw will use it; config explain says where each comes from')
    .addHelpText('after', examples('dgw config get zone', 'dgw config get project', 'dgw config get output --json   # {"setting", "value", "source", "origin"}'))
    .action(wiring.action(runConfigGet));
}

export async function runConfigGet(ctx: Context, setting: string, _opts: object): Promise<void> {
  const rows = explainSettings(await ctx.settings());
  const wanted = setting.toLowerCase() === 'project' ? 'projectid' : setting.toLowerCase();
  const row = rows.find((r) => r.setting.toLowerCase() === wanted);
  if (!row) throw new UsageError(`no setting ${JSON.stringify(setting)}${didYouMean(setting, rows.map((r) => r.setting))} (settings: ${rows.map((r) => r.setting).join(', ')})`);
  const shown = row.setting === 'timeout' && typeof row.value === 'number' ? `${row.value / 1000}s` : String(row.value ?? '');
  if (ctx.out.json) ctx.out.value({ ...row } satisfies ConfigGot);
  else ctx.out.raw(shown);
  ctx.out.note(row.value === null ? `${row.setting}: not set (${describeSource(row)})` : `${row.setting}: from ${describeSource(row)}`);
}
