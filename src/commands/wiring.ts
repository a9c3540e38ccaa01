import type { Command } from 'commander';
import type { Context, ContextDeps, GlobalOptions } from '../context.js';
import { UsageError } from '../errors.js';

/** A verb's body: the context, then its positional arguments, then its options. */
export type Run<A extends unknown[], O> = (ctx: Context, ...rest: [...A, O]) => Promise<void>;

/** What a noun's `register` receives: the parent command and a way to bind a verb to a context. */
export interface Wiring {
  /** What the entry point handed over (for the rare command that builds its own context: `__complete`). */
  readonly deps: ContextDeps;
  /**
   * Wraps a run function as a commander action that builds the context (lazily loaded) and settles
   * the output first. `rowShapes`: the command takes `--format simple|compact` (`dgw sql`).
   */
  action<A extends unknown[], O>(run: Run<A, O>, options?: { rowShapes?: boolean }): (...params: unknown[]) => Promise<void>;
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
        if (globals.format !== undefined && ROW_SHAPE.test(globals.format) && !actionOptions.rowShapes) {
          throw new UsageError(`--format ${globals.format} shapes the rows of \`dgw sql\`; for this command use table, json, yaml, csv or tsv`);
        }
        const { createContext } = await import('../context.js');
        const ctx = createContext(deps, globals);
        try {
          await ctx.prepareOutput();
          await (run as (ctx: Context, ...rest: unknown[]) => Promise<void>)(ctx, ...args, options);
        } finally {
          await ctx.close();
        }
      };
    },
  };
}

/** `--with-reads`, for the commands whose dry run can show what the change would destroy or break. */
export const WITH_READS = ['--with-reads', 'with --dry-run: read (GET only) what the change would affect and show it; still no change is sent'] as const;

/** Formats the Examples section every command's `--help` ends with. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/** Commander parser for options that collect repeated values. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
