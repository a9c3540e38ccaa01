import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';
import { subcommandNamed } from '../../subcommand.js';
import { examples, type Wiring } from '../wiring.js';
import type { SchemaEntry } from '../../contract/results.js';

export function registerSchema(program: Command, wiring: Wiring): void {
  program
    .command('schema')
    .argument('[command...]', 'the command whose --json output to describe, e.g. query list')
    .description('Print the JSON Schema of a command\'s --json output (without COMMAND: every command that has one)')
    .addHelpText(
      'after',
      `${examples('dgw schema query list', 'dgw schema mtquery status > status.schema.json', 'dgw schema                    # the commands and their schema files')}
The schemas are also in the package's schemas/ folder, one file per command (query-list.json).
A command whose output has several shapes lists each under anyOf, titled, saying when it is printed.
`,
    )
    .action(wiring.action(runSchema, { variant: (words) => (words.length === 0 ? 'index' : 'schema') }));
}

export async function runSchema(ctx: Context, words: string[], _opts: object): Promise<void> {
  const { commandsWithSchemas, readSchema, schemaFileFor } = await import('../../contract/fields.js');
  const known = commandsWithSchemas();
  if (words.length === 0) {
    const rows: SchemaEntry[] = known.map((command) => ({ command, file: `schemas/${schemaFileFor(command)}` }));
    await ctx.out.list(rows, [{ field: 'command' }, { field: 'file' }], (r) => r.command);
    return;
  }
  let path = words.join(' ').trim().replace(/^dgw /, '');
  if (!known.includes(path)) {
    const { buildProgram, inertDeps } = await import('../../program.js');
    let at: Command | undefined = await buildProgram(inertDeps());
    path = path.split(/\s+/).map((w) => (at = at && subcommandNamed(at, w))?.name() ?? w).join(' ');
  }
  if (path === 'completion') throw new UsageError('dgw completion prints a shell script, not JSON: it has no schema');
  if (path === 'table sample') throw new UsageError('dgw table sample prints CSV, not JSON: it has no schema');
  const verbs = known.filter((command) => command.startsWith(`${path} `));
  if (verbs.length > 0) throw new UsageError(`\`dgw ${path}\` is a group of commands; name one of them: ${verbs.join(', ')}`);
  const doc = known.includes(path) ? readSchema(path) : undefined;
  if (!doc) throw new UsageError(`no command \`dgw ${path}\` prints JSON${didYouMean(path, known)}`, 'run `dgw schema` for the commands that do');
  ctx.out.value(doc, `schemas/${schemaFileFor(path)}`);
}
