# bash completion for dgw. Generated from the command tree by scripts/gen-completions.mjs; do not edit.
# Install: dgw completion bash > ~/.local/share/bash-completion/completions/dgw
#      or: source <(dgw completion bash)

# _dgw_sub PATH WORD: the subcommand WORD names under PATH (aliases resolved), or nothing.
_dgw_sub() {
  case "$1|$2" in
    '|auth') echo 'auth' ;;
    '|profile') echo 'profile' ;;
    '|config') echo 'config' ;;
    '|query') echo 'query' ;;
    '|mtquery') echo 'mtquery' ;;
    '|folder') echo 'folder' ;;
    '|catalog') echo 'catalog' ;;
    '|table') echo 'table' ;;
    '|connection') echo 'connection' ;;
    '|api') echo 'api' ;;
    '|completion') echo 'completion' ;;
    '|serve') echo 'serve' ;;
    '|sql') echo 'sql' ;;
    '|help') echo 'help' ;;
    'auth|login') echo 'login' ;;
    'auth|status') echo 'status' ;;
    'auth|logout') echo 'logout' ;;
    'auth|help') echo 'help' ;;
    'profile|list'|'profile|ls') echo 'list' ;;
    'profile|use') echo 'use' ;;
    'profile|rm'|'profile|remove') echo 'rm' ;;
    'profile|help') echo 'help' ;;
    'config|explain') echo 'explain' ;;
    'config|help') echo 'help' ;;
    'query|create') echo 'create' ;;
    'query|list'|'query|ls') echo 'list' ;;
    'query|get'|'query|show') echo 'get' ;;
    'query|update') echo 'update' ;;
    'query|rm'|'query|delete') echo 'rm' ;;
    'query|help') echo 'help' ;;
    'mtquery|create') echo 'create' ;;
    'mtquery|refresh') echo 'refresh' ;;
    'mtquery|status') echo 'status' ;;
    'mtquery|help') echo 'help' ;;
    'folder|list'|'folder|ls') echo 'list' ;;
    'folder|create'|'folder|mkdir') echo 'create' ;;
    'folder|mv') echo 'mv' ;;
    'folder|rm'|'folder|delete') echo 'rm' ;;
    'folder|help') echo 'help' ;;
    'catalog|list'|'catalog|ls') echo 'list' ;;
    'catalog|help') echo 'help' ;;
    'table|list'|'table|ls') echo 'list' ;;
    'table|drop-column') echo 'drop-column' ;;
    'table|help') echo 'help' ;;
    'connection|config') echo 'config' ;;
    'connection|types') echo 'types' ;;
    'connection|help') echo 'help' ;;
  esac
}

# _dgw_words PATH: subcommands and values of the first argument offered under PATH.
_dgw_words() {
  case "$1" in
    '') echo 'auth profile config query mtquery folder catalog table connection api completion serve sql help' ;;
    'auth') echo 'login status logout help' ;;
    'auth help') echo 'login status logout' ;;
    'profile') echo 'list use rm help' ;;
    'profile help') echo 'list use rm' ;;
    'config') echo 'explain help' ;;
    'config help') echo 'explain' ;;
    'query') echo 'create list get update rm help' ;;
    'query help') echo 'create list get update rm' ;;
    'mtquery') echo 'create refresh status help' ;;
    'mtquery help') echo 'create refresh status' ;;
    'folder') echo 'list create mv rm help' ;;
    'folder help') echo 'list create mv rm' ;;
    'catalog') echo 'list help' ;;
    'catalog help') echo 'list' ;;
    'table') echo 'list drop-column help' ;;
    'table help') echo 'list drop-column' ;;
    'connection') echo 'config types help' ;;
    'connection help') echo 'config types' ;;
    'api') echo 'GET POST PUT PATCH DELETE' ;;
    'completion') echo 'bash zsh fish' ;;
    'help') echo 'auth profile config query mtquery folder catalog table connection api completion serve sql exit-codes' ;;
  esac
}

# _dgw_opts PATH: every option accepted under PATH, global ones included.
_dgw_opts() {
  case "$1" in
    '') echo '-V --version --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'auth') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'auth login') echo '--key-type --with-token -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'auth status') echo '--no-verify -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'auth logout') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'auth help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'profile') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'profile list') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'profile use') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'profile rm') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'profile help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'config') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'config explain') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'config help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'query') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'query create') echo '--sql --file --from --materialized --path --every --cron --tz --no-schedule --no-check-schema --dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'query list') echo '--folder --type -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'query get') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'query update') echo '--name --sql --file --from --materialized --path --every --cron --tz --no-schedule --no-check-schema --dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'query rm') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'query help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'mtquery') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'mtquery create') echo '--sql --file --from --path --every --cron --tz --no-schedule --no-check-schema --dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'mtquery refresh') echo '--wait --dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'mtquery status') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'mtquery help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'folder') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'folder list') echo '--tree -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'folder create') echo '--dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'folder mv') echo '--dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'folder rm') echo '-y --yes --force --dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'folder help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'catalog') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'catalog list') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'catalog help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'table') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'table list') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'table drop-column') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'table help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'connection') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'connection config') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'connection types') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'connection help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
    'api') echo '--input -f --field --dry-run -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'completion') echo '-h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'serve') echo '--port --host --data-dir --partner-key -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'sql') echo '-f --file --format -h --help --profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout' ;;
    'help') echo '--profile --zone --base-url --project --json -q --quiet --no-color --debug --timeout -h --help' ;;
  esac
}

# _dgw_value_opts PATH: options under PATH that take the next word as their value.
_dgw_value_opts() {
  case "$1" in
    '') echo '--profile --zone --base-url --project --timeout' ;;
    'auth') echo '--profile --zone --base-url --project --timeout' ;;
    'auth login') echo '--key-type --profile --zone --base-url --project --timeout' ;;
    'auth status') echo '--profile --zone --base-url --project --timeout' ;;
    'auth logout') echo '--profile --zone --base-url --project --timeout' ;;
    'auth help') echo '--profile --zone --base-url --project --timeout' ;;
    'profile') echo '--profile --zone --base-url --project --timeout' ;;
    'profile list') echo '--profile --zone --base-url --project --timeout' ;;
    'profile use') echo '--profile --zone --base-url --project --timeout' ;;
    'profile rm') echo '--profile --zone --base-url --project --timeout' ;;
    'profile help') echo '--profile --zone --base-url --project --timeout' ;;
    'config') echo '--profile --zone --base-url --project --timeout' ;;
    'config explain') echo '--profile --zone --base-url --project --timeout' ;;
    'config help') echo '--profile --zone --base-url --project --timeout' ;;
    'query') echo '--profile --zone --base-url --project --timeout' ;;
    'query create') echo '--sql --file --from --path --every --cron --tz --profile --zone --base-url --project --timeout' ;;
    'query list') echo '--folder --type --profile --zone --base-url --project --timeout' ;;
    'query get') echo '--profile --zone --base-url --project --timeout' ;;
    'query update') echo '--name --sql --file --from --path --every --cron --tz --profile --zone --base-url --project --timeout' ;;
    'query rm') echo '--profile --zone --base-url --project --timeout' ;;
    'query help') echo '--profile --zone --base-url --project --timeout' ;;
    'mtquery') echo '--profile --zone --base-url --project --timeout' ;;
    'mtquery create') echo '--sql --file --from --path --every --cron --tz --profile --zone --base-url --project --timeout' ;;
    'mtquery refresh') echo '--profile --zone --base-url --project --timeout' ;;
    'mtquery status') echo '--profile --zone --base-url --project --timeout' ;;
    'mtquery help') echo '--profile --zone --base-url --project --timeout' ;;
    'folder') echo '--profile --zone --base-url --project --timeout' ;;
    'folder list') echo '--profile --zone --base-url --project --timeout' ;;
    'folder create') echo '--profile --zone --base-url --project --timeout' ;;
    'folder mv') echo '--profile --zone --base-url --project --timeout' ;;
    'folder rm') echo '--profile --zone --base-url --project --timeout' ;;
    'folder help') echo '--profile --zone --base-url --project --timeout' ;;
    'catalog') echo '--profile --zone --base-url --project --timeout' ;;
    'catalog list') echo '--profile --zone --base-url --project --timeout' ;;
    'catalog help') echo '--profile --zone --base-url --project --timeout' ;;
    'table') echo '--profile --zone --base-url --project --timeout' ;;
    'table list') echo '--profile --zone --base-url --project --timeout' ;;
    'table drop-column') echo '--profile --zone --base-url --project --timeout' ;;
    'table help') echo '--profile --zone --base-url --project --timeout' ;;
    'connection') echo '--profile --zone --base-url --project --timeout' ;;
    'connection config') echo '--profile --zone --base-url --project --timeout' ;;
    'connection types') echo '--profile --zone --base-url --project --timeout' ;;
    'connection help') echo '--profile --zone --base-url --project --timeout' ;;
    'api') echo '--input -f --field --profile --zone --base-url --project --timeout' ;;
    'completion') echo '--profile --zone --base-url --project --timeout' ;;
    'serve') echo '--port --host --data-dir --partner-key --profile --zone --base-url --project --timeout' ;;
    'sql') echo '-f --file --format --profile --zone --base-url --project --timeout' ;;
    'help') echo '--profile --zone --base-url --project --timeout' ;;
  esac
}

# _dgw_values PATH OPTION: values offered for OPTION; @files for file names.
_dgw_values() {
  case "$1|$2" in
    'auth login|--key-type') echo 'partner project' ;;
    'query create|--file') echo '@files' ;;
    'query list|--type') echo 'plain materialized' ;;
    'query update|--file') echo '@files' ;;
    'mtquery create|--file') echo '@files' ;;
    'api|--input') echo '@files' ;;
    'sql|-f'|'sql|--file') echo '@files' ;;
    *'|--zone') echo 'default eu local' ;;
  esac
}

_dgw() {
  # cmdpath: the command typed so far; npos: positional words typed after it.
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" cmdpath="" word next i skip=0 npos=0
  ((COMP_CWORD > 1)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="${COMP_WORDS[i]}"
    if ((skip)); then
      skip=0
      continue
    fi
    case "$word" in
      --) break ;;
      -*=*) ;;
      -*) [[ " $(_dgw_value_opts "$cmdpath") " == *" $word "* ]] && skip=1 ;;
      *)
        next=""
        ((npos == 0)) && next="$(_dgw_sub "$cmdpath" "$word")"
        if [[ -n "$next" ]]; then
          cmdpath="${cmdpath:+$cmdpath }$next"
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
    else
      mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
    fi
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_dgw_opts "$cmdpath")" -- "$cur")
  elif ((npos == 0)); then
    mapfile -t COMPREPLY < <(compgen -W "$(_dgw_words "$cmdpath")" -- "$cur")
  fi
  return 0
}

complete -o default -F _dgw dgw
