import { fishQuote, flatten, valueFlags, type PathEntry } from './flatten.js';
import type { CommandNode, OptionNode } from './tree.js';

/** The fish script: a path helper generated from the tree, then one `complete` line per word. */
export function renderFish(root: CommandNode): string {
  const entries = flatten(root);
  const lines: string[] = [];
  for (const e of entries) {
    const at = `-n ${fishQuote(`__dgw_at ${fishQuote(e.path)}`)}`;
    const within = `-n ${fishQuote(`__dgw_in ${fishQuote(e.path)}`)}`;
    for (const c of e.node.commands) lines.push(`complete -c dgw ${at} -a ${fishQuote(c.name)} -d ${fishQuote(c.description)}`);
    if (e.node.argumentChoices.length > 0) lines.push(`complete -c dgw ${at} -a ${fishQuote(e.node.argumentChoices.join(' '))}`);
    if (e.node.live) lines.push(`complete -c dgw -n ${fishQuote(`__dgw_live_at ${fishQuote(e.path)}`)} -a '(__dgw_live_values)'`);
    // -h/--help is declared once, globally, below.
    if (e.node !== root) for (const o of e.node.options) if (!o.flags.includes('--help')) lines.push(optionLine(o, within));
  }
  // Global options apply at any depth; --version only at the top.
  const top = `-n ${fishQuote(`__dgw_in ${fishQuote('')}`)}`;
  for (const o of root.options) lines.push(optionLine(o, o.flags.includes('--version') ? top : ''));

  return `# fish completion for dgw. Generated from the command tree by scripts/gen-completions.mjs; do not edit.
# Install: dgw completion fish > ~/.config/fish/completions/dgw.fish

# __dgw_sub PATH WORD: the subcommand WORD names under PATH (aliases resolved), or nothing.
function __dgw_sub --argument-names cmdpath word
    switch "$cmdpath|$word"
${subCases(entries)}
    end
end

# __dgw_value_opts PATH: options under PATH that take the next word as their value.
function __dgw_value_opts --argument-names cmdpath
    switch "$cmdpath"
${valueOptCases(entries)}
    end
end

# __dgw_path: the command typed so far as "p:auth login", then the count of positional words after it.
function __dgw_path
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cmdpath ''
    set -l skip 0
    set -l npos 0
    for word in $tokens
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $word
            case '--'
                break
            case '-*=*'
            case '-*'
                if contains -- $word (__dgw_value_opts "$cmdpath")
                    set skip 1
                end
            case '*'
                set -l next
                if test $npos -eq 0
                    set next (__dgw_sub "$cmdpath" "$word")
                end
                if test -n "$next"
                    set cmdpath (string trim -- "$cmdpath $next")
                else
                    set npos (math $npos + 1)
                end
        end
    end
    echo "p:$cmdpath"
    echo $npos
end

# __dgw_in PATH: true when the command typed so far is PATH (its options apply).
function __dgw_in --argument-names want
    set -l state (__dgw_path)
    test "$state[1]" = "p:$want"
end

# __dgw_at PATH: true when PATH is typed and no positional word after it (its subcommands and first argument apply).
function __dgw_at --argument-names want
    set -l state (__dgw_path)
    test "$state[1]" = "p:$want"; and test "$state[2]" = 0
end

# __dgw_live_at PATH: true when PATH is typed and the word under the cursor is not an option, or follows -- (its live arguments apply).
function __dgw_live_at --argument-names want
    string match -q -- '-*' (commandline -ct); and not contains -- -- (commandline -opc); and return 1
    __dgw_in $want
end

# __dgw_live_values: live values for the word under the cursor, from dgw __complete (one request at
# most, cached a few seconds; silent on any failure). The word goes unquoted (an open quote and
# backslashes removed); fish quotes each value as the word is quoted.
function __dgw_live_values
    set -l tokens (commandline -opc)
    set -l current (commandline -ct | string unescape)
    $tokens[1] __complete -- $tokens[2..-1] "$current" </dev/null 2>/dev/null
end

complete -c dgw -f
${lines.join('\n')}
`;
}

function optionLine(o: OptionNode, at: string): string {
  const parts = ['complete -c dgw'];
  if (at) parts.push(at);
  for (const f of o.flags) parts.push(f.startsWith('--') ? `-l ${f.slice(2)}` : `-s ${f.slice(1)}`);
  if (o.takesValue) {
    if (o.values === 'files') parts.push('-r -F');
    else if (o.values === 'live') parts.push("-x -a '(__dgw_live_values)'");
    else if (o.values) parts.push(`-x -a ${fishQuote(o.values.join(' '))}`);
    else parts.push('-x');
  }
  parts.push(`-d ${fishQuote(o.description)}`);
  return parts.join(' ');
}

function subCases(entries: PathEntry[]): string {
  const lines: string[] = [];
  for (const e of entries) {
    for (const child of e.node.commands) {
      lines.push(`        case ${[child.name, ...child.aliases].map((w) => fishQuote(`${e.path}|${w}`)).join(' ')}`);
      lines.push(`            echo ${fishQuote(child.name)}`);
    }
  }
  return lines.join('\n');
}

function valueOptCases(entries: PathEntry[]): string {
  const lines: string[] = [];
  for (const e of entries) {
    const flags = valueFlags(e);
    if (flags.length === 0) continue;
    lines.push(`        case ${fishQuote(e.path)}`);
    lines.push(`            printf '%s\\n' ${flags.map(fishQuote).join(' ')}`);
  }
  return lines.join('\n');
}
