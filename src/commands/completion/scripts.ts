import type { Command } from 'commander';
import { renderBash } from './render-bash.js';
import { renderFish } from './render-fish.js';
import { renderZsh } from './render-zsh.js';
import { completionTree } from './tree.js';

/** The shells dgw completes, and the file under `completions/` that holds each script. */
export const COMPLETION_FILES = { bash: 'dgw.bash', zsh: '_dgw', fish: 'dgw.fish' } as const;

export type Shell = keyof typeof COMPLETION_FILES;

export function renderCompletions(program: Command): Record<string, string> {
  const tree = completionTree(program);
  return {
    [COMPLETION_FILES.bash]: renderBash(tree),
    [COMPLETION_FILES.zsh]: renderZsh(tree),
    [COMPLETION_FILES.fish]: renderFish(tree),
  };
}
