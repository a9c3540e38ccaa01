import { flatten, pathCases, shQuote, subCases, valueCases, valueFlags, type Answer } from './flatten.js';
import type { CommandNode } from './tree.js';

/** A case arm's answer in zsh: the words as the array `reply`. */
const reply: Answer = (words) => `reply=(${words.map(shQuote).join(' ')})`;

/** The zsh script: lookup tables generated from the tree (with descriptions), then one generic function. */
export function renderZsh(root: CommandNode): string {
  const entries = flatten(root);
  return `#compdef dgw
# zsh completion for dgw. Generated from the command tree by scripts/gen-completions.mjs; do not edit.
# Install: dgw completion zsh > "\${fpath[1]}/_dgw"   (then start a new shell)
#      or: source <(dgw completion zsh)

# _dgw_sub PATH WORD: sets REPLY to the subcommand WORD names under PATH (aliases resolved), or ''.
_dgw_sub() {
  case "$1|$2" in
${subCases(entries, (name) => `REPLY=${shQuote(name)}`)}
    *) REPLY='' ;;
  esac
}

# _dgw_commands PATH: sets reply to the subcommands under PATH, as name:description.
_dgw_commands() {
  case "$1" in
${pathCases(entries, (e) => e.node.commands.map((c) => described(c.name, c.description)), reply)}
    *) reply=() ;;
  esac
}

# _dgw_args PATH: sets reply to the values offered for PATH's arguments.
_dgw_args() {
  case "$1" in
${pathCases(entries, (e) => e.node.argumentChoices, reply)}
    *) reply=() ;;
  esac
}

# _dgw_opts PATH: sets reply to every option accepted under PATH, as flag:description.
_dgw_opts() {
  case "$1" in
${pathCases(entries, (e) => e.options.flatMap((o) => o.flags.map((f) => described(f, o.description))), reply)}
    *) reply=() ;;
  esac
}

# _dgw_value_opts PATH: sets reply to the options under PATH that take the next word as their value.
_dgw_value_opts() {
  case "$1" in
${pathCases(entries, valueFlags, reply)}
    *) reply=() ;;
  esac
}

# _dgw_live PATH: sets REPLY to 1 when a positional argument under PATH takes live values.
_dgw_live() {
  case "$1" in
${entries.filter((e) => e.node.live).map((e) => `    ${shQuote(e.path)}) REPLY=1 ;;`).join('\n')}
    *) REPLY='' ;;
  esac
}

# _dgw_live_values: offers the live values for the word under the cursor, from dgw __complete
# (one request at most, cached a few seconds; silent on any failure). The words go unquoted
# ((Q): \\ and quotes removed; PREFIX, the word up to the cursor, has no open quote); compadd
# quotes each value as the word is quoted.
_dgw_live_values() {
  local -a values
  values=("\${(@f)$("\${words[1]}" __complete -- "\${(@Q)words[2,CURRENT-1]}" "\${(Q)IPREFIX}\${(Q)PREFIX}" </dev/null 2>/dev/null)}")
  values=("\${(@)values:#}")
  (( \${#values} )) && compadd -a values
}

# _dgw_values PATH OPTION: sets reply to the values offered for OPTION; (@files) for file names, (@live) for live values.
_dgw_values() {
  case "$1|$2" in
${valueCases(root, entries, reply)}
    *) reply=() ;;
  esac
}

_dgw() {
  # cmdpath: the command typed so far; npos: positional words typed after it.
  local cmdpath='' word cur=\${words[CURRENT]} prev=\${words[CURRENT-1]} REPLY
  local -a reply args
  local -i i skip=0 npos=0 ddash=0
  for (( i = 2; i < CURRENT; i++ )); do
    word=\${words[i]}
    if (( skip )); then
      skip=0
      continue
    fi
    case $word in
      --)
        ddash=1
        break
        ;;
      -*=*) ;;
      -*)
        _dgw_value_opts "$cmdpath"
        (( \${reply[(Ie)$word]} )) && skip=1
        ;;
      *)
        REPLY=''
        (( npos == 0 )) && _dgw_sub "$cmdpath" "$word"
        if [[ -n $REPLY ]]; then
          cmdpath=\${cmdpath:+$cmdpath }$REPLY
        else
          npos+=1
        fi
        ;;
    esac
  done
  if (( ! skip && ! ddash )) && [[ $cur == --*=* ]]; then
    prev=\${cur%%=*}
    compset -P "$prev="
    skip=1
  fi
  if (( skip )); then
    _dgw_values "$cmdpath" "$prev"
    if [[ \${reply[1]} == @files ]]; then
      _files
    elif [[ \${reply[1]} == @live ]]; then
      _dgw_live_values
    else
      compadd -a reply
    fi
    return
  fi
  if [[ $cur == -* ]] && (( ! ddash )); then
    _dgw_opts "$cmdpath"
    _describe -t options 'option' reply
    return
  fi
  reply=()
  (( npos == 0 )) && _dgw_args "$cmdpath"
  args=("\${reply[@]}")
  reply=()
  (( npos == 0 )) && _dgw_commands "$cmdpath"
  if (( \${#reply} + \${#args} == 0 )); then
    REPLY=''
    _dgw_live "$cmdpath"
    if [[ -n $REPLY ]]; then
      _dgw_live_values
    else
      _files
    fi
    return
  fi
  (( \${#reply} )) && _describe -t commands 'command' reply
  (( \${#args} )) && compadd -a args
  return 0
}

if [[ \${funcstack[1]} == _dgw ]]; then
  _dgw "$@"
else
  compdef _dgw dgw
fi
`;
}

/** `name:description` for _describe; a colon in the name would end it early. */
function described(name: string, description: string): string {
  return `${name.replace(/:/g, '\\:')}:${description}`;
}
