import { Argument, type Command } from 'commander';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '../../context.js';
import { DgwError } from '../../errors.js';
import { anyCase, examples, type Wiring } from '../wiring.js';
import { registerComplete } from './complete.js';
import { COMPLETION_FILES, type Shell } from './scripts.js';

export function registerCompletion(program: Command, wiring: Wiring): void {
  program
    .command('completion')
    .addArgument(anyCase(new Argument('<shell>', 'bash, zsh or fish'), Object.keys(COMPLETION_FILES)))
    .description('Print the shell completion script for bash, zsh or fish')
    .addHelpText(
      'after',
      examples(
        'dgw completion bash > ~/.local/share/bash-completion/completions/dgw',
        'source <(dgw completion bash)                      # this shell only',
        'dgw completion zsh > "${fpath[1]}/_dgw"',
        'dgw completion fish > ~/.config/fish/completions/dgw.fish',
      ),
    )
    .action(wiring.action(runCompletion, { json: false }));
  registerComplete(program, wiring.deps);
}

export async function runCompletion(ctx: Context, shell: Shell, _opts: object): Promise<void> {
  ctx.out.raw(await fs.promises.readFile(scriptPath(shell), 'utf8'));
}

/** The scripts ship in `completions/`, so this prints exactly the file a package manager installs. */
function scriptPath(shell: Shell): string {
  const name = COMPLETION_FILES[shell];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'completions', name);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new DgwError('internal', `completions/${name} is missing from the dgw package; reinstall dgw`);
    dir = parent;
  }
}
