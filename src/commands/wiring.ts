import type { Argument, Command, Option } from 'commander';
import type { Context, ContextDeps, GlobalOptions } from '../context.js';
import { UsageError } from '../errors.js';

/** A verb's body: the context, then its positional arguments, then its options. */
export type Run<A extends unknown[], O> = (ctx: Context, ...rest: [...A, O]) => Promise<void>;

/** What a noun's `register` receives: the parent command and a way to bind a verb to a context. */
export interface Wiring {
  /** What the entry point handed over (for the rare command that builds its own context: `__complete`). */
  readonly deps: ContextDeps;
  /** Wraps a run function as a commander action that builds the context and settles the output first. */
  action<A extends unknown[], O>(run: Run<A, O>, options?: ActionOptions<A, O>): (...params: unknown[]) => Promise<void>;
}

export interface ActionOptions<A extends unknown[] = unknown[], O = unknown> {
  /** The command takes `--format simple|compact` (`dgw sql`). */
  rowShapes?: boolean;
  /** false: the command prints one form of its own (a script, a CSV template), so --json, --jq and --format are exit 2 (`completion`). */
  json?: false;
  /** Which output variants this command line prints, for checking `--json f1,f2` before the run. */
  variant?: (...rest: [...A, O]) => string | string[];
  /** `--format` names the format of the file the command writes (`query export`): handed to it as `opts.format`, it leaves dgw's own output and messages as they are. */
  fileFormat?: boolean;
}

/** `dgw sql`'s JSON row shapes, which `--format` takes for it alone. */
const ROW_SHAPE = /^(simple|compact)$/i;

export function createWiring(deps: ContextDeps): Wiring {
  return {
    deps,
    action(run, actionOptions = {}) {
      return async (...params: unknown[]) => {
        const command = params.at(-1) as Command;
        const options = params.at(-2);
        const args = params.slice(0, -2);
        const globals = command.optsWithGlobals<GlobalOptions>();
        if (globals.format !== undefined && ROW_SHAPE.test(globals.format) && !actionOptions.rowShapes && !actionOptions.fileFormat) {
          throw new UsageError(`--format ${globals.format} shapes the rows of \`dgw sql\`; for this command use table, json, jsonl, yaml, csv or tsv`);
        }
        if (actionOptions.fileFormat) (options as { format?: string }).format = globals.format;
        const { createContext } = await import('../context.js');
        const ctx = createContext(deps, actionOptions.fileFormat ? { ...globals, format: undefined } : globals);
        try {
          await ctx.prepareOutput();
          // Only this command line's flags are refused: a default output of JSON (a profile's, DGW_OUTPUT) must not break `dgw completion bash`.
          const flagsChoseOutput = globals.json !== undefined || globals.jq !== undefined || globals.format !== undefined;
          if (actionOptions.json === false && flagsChoseOutput) throw new UsageError(`dgw ${commandPath(command)} prints no JSON, only one form of its own, which --json, --jq and --format do not change: leave them out`);
          // Fields the contract knows are checked before anything is sent or done.
          if (ctx.out.requestedFields) await checkJsonFields(ctx, command, [...args, options], actionOptions.variant as ((...rest: unknown[]) => string | string[]) | undefined).catch((error: unknown) => {
            throw error instanceof UsageError && args.includes(undefined) && !String(globals.json).includes(',') ? new UsageError(error.message, `${jsonTook(globals.json)}${error.hint ?? ''}`) : error;
          });
          await (run as (ctx: Context, ...rest: unknown[]) => Promise<void>)(ctx, ...args, options);
        } finally {
          await ctx.close();
        }
      };
    },
  };
}

/** The hint's start when `--json WORD` took WORD, an argument, for its fields. */
export function jsonTook(taken: unknown): string {
  return typeof taken === 'string' && !taken.startsWith('-') ? `--json took "${taken}" for the fields to print: put --json after the arguments; ` : '';
}

/** Whether command-line words ask for JSON by `--json` or `--jq` (`--format` aside). */
export function asksForJson(args: string[]): boolean {
  return args.some((a) => a === '--json' || a.startsWith('--json=') || a === '--jq' || a.startsWith('--jq='));
}

/** `query list`, `sql`: the words that name a command below the root. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Checks `--json f1,f2` against the fields of what this command line can print (src/contract/fields.ts). */
async function checkJsonFields(ctx: Context, command: Command, params: unknown[], variant: ((...rest: unknown[]) => string | string[]) | undefined): Promise<void> {
  const path = commandPath(command);
  const { fieldsFor, readSchema, variantsOf } = await import('../contract/fields.js');
  const doc = readSchema(path);
  if (!doc) return;
  const options = params.at(-1) as { dryRun?: boolean };
  const all = [...variantsOf(doc).keys()].filter((v) => v !== 'dryRun');
  const names = options.dryRun ? ['dryRun'] : variant ? [variant(...params)].flat() : all;
  const fields = fieldsFor(path, doc, names);
  if (fields) ctx.out.selectFields(fields, `dgw ${path}${all.length > 1 || options.dryRun ? ` (${names.join(' or ')})` : ''}`);
}

/** `--with-reads`, for the commands whose dry run can show what the change would destroy or break. */
export const WITH_READS = ['--with-reads', 'with --dry-run: read (GET only) what the change would affect and show it; still no change is sent'] as const;

/** Formats the Examples section every command's `--help` ends with. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/** A count option's value: digits only (not `1e3`, `0x10`), from `least` to the document's int32 limit. */
export function wholeNumber(value: string, flag: string, least = 1): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < least || n > 2 ** 31 - 1) throw new UsageError(`${flag} must be a whole number from ${least} to ${2 ** 31 - 1}, not "${value}"`);
  return n;
}

/** `.choices()` taken in any case (`--format JSON`, `--zone LOCAL`), as the settings read them; the value is the choice as listed, and commander's own message lists the choices. */
export function anyCase<T extends Option | Argument>(target: T, values: readonly string[]): T {
  target.choices(values);
  const check = target.parseArg as (value: string, previous: unknown) => unknown;
  target.argParser((value: string, previous: unknown) => check(values.find((v) => v.toLowerCase() === value.toLowerCase()) ?? value, previous));
  return target;
}

/** Commander parser for options that collect repeated values. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
