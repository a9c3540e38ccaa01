import { flatten, pathCases, shQuote, subCases, valueCases, valueFlags, type Answer } from './flatten.js';
import type { CommandNode } from './tree.js';

/** A case arm's answer in bash: the words on one line. */
const echo: Answer = (words) => `echo ${shQuote(words.join(' '))}`;

/** The bash script: lookup tables generated from the tree, then one generic completion function. */
export function renderBash(root: CommandNode): string {
  const entries = flatten(root);
  return `# bash completion for dgw. Generated from the command tree by scripts/gen-completions.mjs; do not edit.
# Install: dgw completion bash > ~/.local/share/bash-completion/completions/dgw
#      or: source <(dgw completion bash)

# _dgw_sub PATH WORD: the subcommand WORD names under PATH (aliases resolved), or nothing.
_dgw_sub() {
  case "$1|$2" in
${subCases(entries, (name) => `echo ${shQuote(name)}`)}
  esac
}

# _dgw_words PATH: subcommands and values of the first argument offered under PATH.
_dgw_words() {
  case "$1" in
${pathCases(entries, (e) => [...e.node.commands.map((c) => c.name), ...e.node.argumentChoices], echo)}
  esac
}

# _dgw_opts PATH: every option accepted under PATH, global ones included.
_dgw_opts() {
  case "$1" in
${pathCases(entries, (e) => e.options.flatMap((o) => o.flags), echo)}
  esac
}

# _dgw_value_opts PATH: options under PATH that take the next word as their value.
_dgw_value_opts() {
  case "$1" in
${pathCases(entries, valueFlags, echo)}
  esac
}

# _dgw_live PATH: "1" when a positional argument under PATH takes live values (names from the project).
_dgw_live() {
  case "$1" in
${pathCases(entries, (e) => (e.node.live ? ['1'] : []), echo)}
  esac
}

# _dgw_live_values: live values for the word under the cursor, from dgw __complete (one request at
# most, cached a few seconds; silent on any failure, nothing after a few seconds). dgw reads the
# line up to the cursor itself, quotes and backslashes included, and answers with each value
# written to replace readline's word (after an open quote, or after a : of COMP_WORDBREAKS).
# No file names instead: a Tab on a query name never offers the files of the current folder.
_dgw_live_values() {
  local value dgw="\${COMP_WORDS[0]}"
  COMPREPLY=()
  compopt +o default 2>/dev/null
  [[ "$dgw" == "~/"* ]] && dgw="$HOME/\${dgw:2}"
  while IFS= read -r value; do
    [[ -n "$value" ]] && COMPREPLY+=("$value")
  done < <("$dgw" __complete --bash-line "\${COMP_LINE:0:COMP_POINT}" --word-breaks "$COMP_WORDBREAKS" </dev/null 2>/dev/null)
}

# _dgw_values PATH OPTION: values offered for OPTION; @files for file names, @live for live values.
_dgw_values() {
  case "$1|$2" in
${valueCases(root, entries, echo)}
  esac
}

_dgw() {
  # cmdpath: the command typed so far; npos: positional words typed after it.
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cmdpath="" word next i skip=0 npos=0 ddash=0
  ((COMP_CWORD > 1)) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  # = is in COMP_WORDBREAKS: --opt=value comes as three words, --opt, = and value.
  [[ "$prev" == "=" ]] && prev="\${COMP_WORDS[COMP_CWORD-2]}"
  [[ "$cur" == "=" ]] && cur=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if ((skip)); then
      [[ "$word" == "=" ]] || skip=0
      continue
    fi
    case "$word" in
      --)
        ddash=1
        break
        ;;
      =) [[ "\${COMP_WORDS[i-1]}" == -* ]] && skip=1 ;;
      -*=*) ;;
      -*) [[ " $(_dgw_value_opts "$cmdpath") " == *" $word "* ]] && skip=1 ;;
      *)
        next=""
        ((npos == 0)) && next="$(_dgw_sub "$cmdpath" "$word")"
        if [[ -n "$next" ]]; then
          cmdpath="\${cmdpath:+$cmdpath }$next"
        else
          npos=$((npos + 1))
        fi
        ;;
    esac
  done
  if ((skip)); then
    local values
    values="$(_dgw_values "$cmdpath" "$prev")"
    if [[ "$values" == "@files" ]]; then
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    elif [[ "$values" == "@live" ]]; then
      _dgw_live_values
    else
      mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
    fi
    return 0
  fi
  local words
  words="$(_dgw_words "$cmdpath")"
  if [[ "$cur" == -* ]] && ((!ddash)); then
    mapfile -t COMPREPLY < <(compgen -W "$(_dgw_opts "$cmdpath")" -- "$cur")
  elif ((npos == 0)) && [[ -n "$words" ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
  elif [[ -n "$(_dgw_live "$cmdpath")" ]]; then
    _dgw_live_values
  fi
  return 0
}

complete -o default -F _dgw dgw
`;
}
