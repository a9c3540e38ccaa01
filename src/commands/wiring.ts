import type { Command } from 'commander';
import type { Context, ContextDeps, GlobalOptions } from '../context.js';

/** A verb's body: the context, then its positional arguments, then its options. */
export type Run<A extends unknown[], O> = (ctx: Context, ...rest: [...A, O]) => Promise<void>;

/** What a noun's `register` receives: the parent command and a way to bind a verb to a context. */
export interface Wiring {
  /** Wraps a run function as a commander action that builds the context (lazily loaded) first. */
  action<A extends unknown[], O>(run: Run<A, O>): (...params: unknown[]) => Promise<void>;
}

export function createWiring(deps: ContextDeps): Wiring {
  return {
    action(run) {
      return async (...params: unknown[]) => {
        const command = params.at(-1) as Command;
        const options = params.at(-2);
        const args = params.slice(0, -2);
        const { createContext } = await import('../context.js');
        const ctx = createContext(deps, command.optsWithGlobals<GlobalOptions>());
        try {
          await (run as (ctx: Context, ...rest: unknown[]) => Promise<void>)(ctx, ...args, options);
        } finally {
          await ctx.close();
        }
      };
    },
  };
}

/** Formats the Examples section every command's `--help` ends with. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/** Commander parser for options that collect repeated values. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
