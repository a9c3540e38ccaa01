import { Argument, type Command } from 'commander';
import type { ConfigSet } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { isOutputSetting, OUTPUT_FORMATS } from '../../output/mode.js';
import { examples, type Wiring } from '../wiring.js';

/** The settings `config set` writes into a profile: the non-secret ones that have no other command. */
const SETTABLE = ['output'] as const;

export function registerConfigSet(parent: Command, wiring: Wiring): void {
  parent
    .command('set')
    .addArgument(new Argument('<setting>', 'the setting to store in the profile in use').choices(SETTABLE))
    .addArgument(new Argument('<value>', `for output: ${OUTPUT_FORMATS.join(', ')} or auto`).choices([...OUTPUT_FORMATS, 'auto']))
    .description('Store a default in the profile in use (output: the format commands print in)')
    .addHelpText(
      'after',
      `${examples('dgw config set output yaml', 'dgw --profile ci config set output json', 'dgw config unset output')}
The default output applies when no flag chooses one (--format, --json, --jq, -q); DGW_OUTPUT and a
project file's "output" win over the profile's. auto: a table on a terminal, TSV in a pipe.
`,
    )
    .action(wiring.action(runConfigSet));
  parent
    .command('unset')
    .addArgument(new Argument('<setting>', 'the setting to remove from the profile in use').choices(SETTABLE))
    .description('Remove a default from the profile in use')
    .addHelpText('after', examples('dgw config unset output'))
    .action(wiring.action((ctx: Context, setting: string, opts: object) => runConfigSet(ctx, setting, undefined, opts)));
}

/** Writes (or, with no value, removes) one setting of the profile in use; `default` is made when missing. */
export async function runConfigSet(ctx: Context, setting: string, value: string | undefined, _opts: object): Promise<void> {
  if (value !== undefined && !isOutputSetting(value)) throw new UsageError(`${setting}: "${value}" is not ${OUTPUT_FORMATS.join(', ')} or auto`);
  const name = (await ctx.settings()).profile.value;
  const store = await ctx.store();
  const data = store.read();
  const { output: _old, ...rest } = data.profiles[name] ?? {};
  const profile = value === undefined ? rest : { ...rest, output: value };
  store.write({ ...data, profiles: { ...data.profiles, [name]: profile } });
  if (ctx.out.json) ctx.out.value({ profile: name, setting, value: value ?? null } satisfies ConfigSet);
  ctx.out.success(value === undefined ? `removed ${setting} from profile ${name}` : `profile ${name}: ${setting} = ${value}`);
}
