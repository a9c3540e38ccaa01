import { Argument, type Command } from 'commander';
import type { ConfigSet } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { checkNameArgument } from '../name-argument.js';
import { unknownProfileError } from '../../config/known-profile.js';
import { PROJECT_ID_RULE, validProjectId } from '../../config/project-id.js';
import { UsageError } from '../../errors.js';
import { isOutputSetting, OUTPUT_FORMATS } from '../../output/mode.js';
import { describeSource } from '../../config/explain.js';
import { isZone, ZONES } from '../../config/zones.js';
import { anyCase, examples, type Wiring } from '../wiring.js';

/** The settings `config set` writes into a profile: the non-secret ones, by the profile field each is. */
const SETTABLE = { output: 'output', project: 'projectId', zone: 'zone' } as const;
const ZONE_CHOICES = `${ZONES.slice(0, -1).join(', ')} or ${ZONES.at(-1)}`;

export function registerConfigSet(parent: Command, wiring: Wiring): void {
  parent
    .command('set')
    .addArgument(anyCase(new Argument('<setting>', 'the setting to store in the profile in use'), Object.keys(SETTABLE)))
    .addArgument(new Argument('<value>', `for output: ${OUTPUT_FORMATS.join(', ')} or auto; for project: a project id; for zone: ${ZONE_CHOICES}`))
    .description('Store a default in the profile in use: the output commands print in, the project they act on, or the zone they go to')
    .addHelpText(
      'after',
      `${examples('dgw config set output yaml', 'dgw --profile default config set output json   # a profile auth login made', 'dgw config set project demo', 'dgw config set zone local                       # work offline on the local gateway', 'dgw config unset output')}
The default output applies when no flag chooses one (--format, --json, --jq, -q); DGW_OUTPUT and a
project file's "output" win over the profile's. auto: a table on a terminal, TSV in a pipe.
The project is the profile's own: --project, DGW_PROJECT and a project file's "project" win over it;
changing it keeps the profile's key (no new login). So is the zone (--zone, DGW_ZONE and a project
file's "zone" win); a key stays bound to the host it was checked on, and is sent nowhere else. A
profile is made by \`dgw --profile NAME auth login\`; only "default" may be set before it exists.
`,
    )
    .action(wiring.action(runConfigSet));
  parent
    .command('unset')
    .addArgument(anyCase(new Argument('<setting>', 'the setting to remove from the profile in use'), Object.keys(SETTABLE)))
    .description('Remove a default from the profile in use')
    .addHelpText('after', examples('dgw config unset output'))
    .action(wiring.action((ctx: Context, setting: string, opts: object) => runConfigSet(ctx, setting, undefined, opts)));
}

/** Writes (or, with no value, removes) one setting of the profile in use; `default` is made when missing. */
export async function runConfigSet(ctx: Context, setting: string, value: string | undefined, _opts: object): Promise<void> {
  // An output's name is read in any case everywhere else (--format, DGW_OUTPUT, a project file).
  if (setting === 'output' || setting === 'zone') value = value?.toLowerCase();
  if (value !== undefined && setting === 'output' && !isOutputSetting(value)) throw new UsageError(`${setting}: "${value}" is not ${OUTPUT_FORMATS.join(', ')} or auto`);
  if (value !== undefined && setting === 'zone' && !isZone(value)) throw new UsageError(`zone: "${value}" is not ${ZONE_CHOICES}`);
  // A profile is made by `auth login`; only `default` may be missing: `--profile wrok` is a typo (exit 2), not a new profile.
  const settings = await ctx.settings();
  if (value !== undefined && setting === 'project') {
    checkNameArgument(value, 'project');
    // The local gateway names a file after the id, so the stricter rule applies there.
    if (settings.baseUrl.value === undefined && !validProjectId(value)) throw new UsageError(`project "${value}" can name no project of the local gateway: ${PROJECT_ID_RULE}`);
  }
  const field = SETTABLE[setting as keyof typeof SETTABLE];
  const name = settings.profile.value;
  const store = await ctx.store();
  let had = false;
  await store.update((data) => {
    const gone = unknownProfileError(settings, data);
    if (gone) throw gone;
    const ownUrl = data.profiles[name]?.baseUrl;
    if (setting === 'zone' && value !== undefined && ownUrl !== undefined) {
      throw new UsageError(`profile ${name} has a base URL of its own (${ownUrl}), which it uses whatever its zone`, `set DGW_ZONE=${value} or --zone ${value}, or a project file's "zone"`);
    }
    const { [field]: old, ...rest } = data.profiles[name] ?? {};
    had = old !== undefined;
    // Removing what is not there leaves the store as it was: no empty `default` profile made current.
    if (value === undefined && !had) return data;
    return { ...data, profiles: { ...data.profiles, [name]: value === undefined ? rest : { ...rest, [field]: value } } };
  });
  if (ctx.out.json) ctx.out.value({ profile: name, setting, value: value ?? null } satisfies ConfigSet);
  if (value !== undefined) ctx.out.success(`profile ${name}: ${setting} = ${value}`);
  else if (had) ctx.out.success(`removed ${setting} from profile ${name}`);
  else ctx.out.note(`profile ${name} has no ${setting} stored; nothing to do`);
  const resolved = { output: settings.output, project: settings.projectId, zone: settings.zone }[setting as keyof typeof SETTABLE];
  if ((value !== undefined || had) && ['flag', 'env', 'project file'].includes(resolved.source)) ctx.out.note(`${describeSource({ source: resolved.source, origin: resolved.origin ?? null })} wins over the profile's ${setting} while it is given`);
}
