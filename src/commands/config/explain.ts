import type { Command } from 'commander';
import { describeSource, explainSettings, type ExplainedSetting } from '../../config/explain.js';
import { describeBinding } from '../../config/key-binding.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';

const COLUMNS: Column<ExplainedSetting>[] = [
  { field: 'setting', kind: 'key' },
  { field: 'value', kind: 'text', show: (r) => (r.setting === 'timeout' && typeof r.value === 'number' ? `${r.value / 1000}s` : r.value) },
  { field: 'source', kind: 'text', show: (r) => describeSource(r) },
];

export function registerConfigExplain(parent: Command, wiring: Wiring): void {
  parent
    .command('explain')
    .description('Show each setting, its value and its source (flag > environment > project file > profile > default); the API key is masked')
    .addHelpText(
      'after',
      `${examples('dgw config explain', 'dgw config explain --project p-123', 'dgw config explain --json')}
With --json: {"<setting>": {"value", "source", "origin"}}; timeout is in milliseconds.
keyBoundTo is the only base URL the stored key in use is sent to (none for DGW_API_KEY).
`,
    )
    .action(wiring.action(runConfigExplain));
}

export async function runConfigExplain(ctx: Context, _opts: object): Promise<void> {
  const settings = await ctx.settings();
  const rows = explainSettings(settings);
  const withheld = settings.withheldKey;
  if (withheld) {
    ctx.out.note(`profile ${withheld.profile}'s key is bound to ${describeBinding(withheld.boundTo)}; it is not sent to ${describeBinding(withheld.target)}`);
  }
  const heldBack = settings.envKeyHeldBack;
  if (heldBack) ctx.out.note(`DGW_API_KEY is not sent to ${heldBack.target}: that base URL comes from the project file ${heldBack.projectFile}`);
  if (ctx.out.json) {
    ctx.out.value(Object.fromEntries(rows.map(({ setting, value, source, origin }) => [setting, { value, source, origin }])));
    return;
  }
  await ctx.out.list(rows, COLUMNS, (r) => `${r.setting}=${String(COLUMNS[1].show!(r) ?? '')}`);
}
