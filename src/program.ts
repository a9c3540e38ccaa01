import { Command, Option } from 'commander';
import type { ContextDeps } from './context.js';
import { createWiring } from './commands/wiring.js';
import { EXIT_CODE_TABLE } from './errors.js';
import { VERSION } from './version.js';
import { registerAuth } from './commands/auth/index.js';
import { registerProfile } from './commands/profile/index.js';
import { registerConfig } from './commands/config/index.js';
import { registerQuery } from './commands/query/index.js';
import { registerMtquery } from './commands/mtquery/index.js';
import { registerFolder } from './commands/folder/index.js';
import { registerCatalog } from './commands/catalog/index.js';
import { registerTable } from './commands/table/index.js';
import { registerConnection } from './commands/connection/index.js';
import { registerApi } from './commands/api/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { registerLocal } from './commands/local/index.js';

/** Builds the whole command tree; commands run only when an action fires. */
export function buildProgram(deps: ContextDeps): Command {
  const program = new Command('dgw')
    .description('The Data Gateway Service from your terminal: saved queries, folders, catalogs, refreshes, tables and connections.')
    .version(VERSION, '-V, --version')
    .option('--profile <name>', 'profile in the user store (env DGW_PROFILE)')
    .addOption(new Option('--zone <zone>', 'zone to talk to (env DGW_ZONE)').choices(['default', 'eu', 'local']))
    .option('--base-url <url>', 'override the zone base URL (env DGW_BASE_URL)')
    .option('--project <id>', 'project id (env DGW_PROJECT)')
    .option('--json [fields]', 'print JSON on stdout; optionally only these comma-separated fields')
    .option('-q, --quiet', 'print ids only')
    .option('--no-color', 'disable colour (also NO_COLOR, TERM=dumb)')
    .option('--debug', 'trace requests and responses on stderr (keys redacted)')
    .option('--timeout <duration>', 'request timeout, e.g. 30s, 2m, PT1M (default 30s)')
    .showSuggestionAfterError()
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({
      writeOut: (s) => deps.io.stdout.write(s),
      writeErr: (s) => deps.io.stderr.write(s),
    })
    .addHelpText('after', `\nRun \`dgw help exit-codes\` for exit codes, \`dgw <command> --help\` for examples.\n`);

  const wiring = createWiring(deps);
  registerAuth(program, wiring);
  registerProfile(program, wiring);
  registerConfig(program, wiring);
  registerQuery(program, wiring);
  registerMtquery(program, wiring);
  registerFolder(program, wiring);
  registerCatalog(program, wiring);
  registerTable(program, wiring);
  registerConnection(program, wiring);
  registerApi(program, wiring);
  registerCompletion(program, wiring);
  registerLocal(program, wiring);

  program
    .command('help-exit-codes', { hidden: true })
    .action(() => {
      deps.io.stdout.write(`${EXIT_CODE_TABLE.map(([code, meaning]) => `${String(code).padStart(3)}  ${meaning}`).join('\n')}\n`);
    });
  return program;
}

/**
 * Rewrites argv before commander sees it: `dgw help exit-codes` becomes the hidden command, and a
 * bare `--json` right before a command name is moved to the end so commander does not read the
 * command name as the list of fields.
 */
export function normaliseArgv(argv: string[], program: Command): string[] {
  if (argv[0] === 'help' && argv[1] === 'exit-codes') return ['help-exit-codes'];
  const names = new Set(program.commands.flatMap((c) => [c.name(), ...c.aliases()]));
  const out = [...argv];
  for (let i = 0; i < out.length - 1; i++) {
    if (out[i] === '--') break;
    if (out[i] === '--json' && names.has(out[i + 1])) {
      out.splice(i, 1);
      out.push('--json');
      break;
    }
  }
  return out;
}
