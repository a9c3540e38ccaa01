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
    '|connection') echo 'connection' ;;
    '|catalog') echo 'catalog' ;;
    '|table') echo 'table' ;;
    '|cache') echo 'cache' ;;
    '|bitable') echo 'bitable' ;;
    '|parametric-table') echo 'parametric-table' ;;
    '|export') echo 'export' ;;
    '|driver') echo 'driver' ;;
    '|metadata') echo 'metadata' ;;
    '|transpile') echo 'transpile' ;;
    '|embed') echo 'embed' ;;
    '|ask') echo 'ask' ;;
    '|thread') echo 'thread' ;;
    '|agent') echo 'agent' ;;
    '|semantic-catalog') echo 'semantic-catalog' ;;
    '|golden-sql') echo 'golden-sql' ;;
    '|relation') echo 'relation' ;;
    '|project') echo 'project' ;;
    '|workspace') echo 'workspace' ;;
    '|key') echo 'key' ;;
    '|api') echo 'api' ;;
    '|completion') echo 'completion' ;;
    '|serve') echo 'serve' ;;
    '|sql') echo 'sql' ;;
    '|version') echo 'version' ;;
    '|pull') echo 'pull' ;;
    '|plan') echo 'plan' ;;
    '|apply') echo 'apply' ;;
    '|schema') echo 'schema' ;;
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
    'config|get') echo 'get' ;;
    'config|set') echo 'set' ;;
    'config|unset') echo 'unset' ;;
    'config|help') echo 'help' ;;
    'query|create') echo 'create' ;;
    'query|list'|'query|ls') echo 'list' ;;
    'query|get'|'query|show') echo 'get' ;;
    'query|run') echo 'run' ;;
    'query|update') echo 'update' ;;
    'query|edit') echo 'edit' ;;
    'query|mv') echo 'mv' ;;
    'query|rm'|'query|delete') echo 'rm' ;;
    'query|export') echo 'export' ;;
    'query|help') echo 'help' ;;
    'mtquery|create') echo 'create' ;;
    'mtquery|list'|'mtquery|ls') echo 'list' ;;
    'mtquery|refresh') echo 'refresh' ;;
    'mtquery|status') echo 'status' ;;
    'mtquery|cancel') echo 'cancel' ;;
    'mtquery|help') echo 'help' ;;
    'folder|list'|'folder|ls') echo 'list' ;;
    'folder|view'|'folder|get'|'folder|show') echo 'view' ;;
    'folder|tree') echo 'tree' ;;
    'folder|create'|'folder|mkdir') echo 'create' ;;
    'folder|rename') echo 'rename' ;;
    'folder|move') echo 'move' ;;
    'folder|mv') echo 'mv' ;;
    'folder|rm'|'folder|delete') echo 'rm' ;;
    'folder|help') echo 'help' ;;
    'connection|create') echo 'create' ;;
    'connection|list'|'connection|ls') echo 'list' ;;
    'connection|get'|'connection|show') echo 'get' ;;
    'connection|detail') echo 'detail' ;;
    'connection|update') echo 'update' ;;
    'connection|oauth-callback') echo 'oauth-callback' ;;
    'connection|rm'|'connection|delete') echo 'rm' ;;
    'connection|config') echo 'config' ;;
    'connection|types') echo 'types' ;;
    'connection|help') echo 'help' ;;
    'catalog|list'|'catalog|ls') echo 'list' ;;
    'catalog|get'|'catalog|show') echo 'get' ;;
    'catalog|schemas') echo 'schemas' ;;
    'catalog|tables') echo 'tables' ;;
    'catalog|columns') echo 'columns' ;;
    'catalog|stats') echo 'stats' ;;
    'catalog|export') echo 'export' ;;
    'catalog|is-cached') echo 'is-cached' ;;
    'catalog|search') echo 'search' ;;
    'catalog|create') echo 'create' ;;
    'catalog|share') echo 'share' ;;
    'catalog|rm'|'catalog|delete') echo 'rm' ;;
    'catalog|help') echo 'help' ;;
    'table|list'|'table|ls') echo 'list' ;;
    'table|create') echo 'create' ;;
    'table|add-column') echo 'add-column' ;;
    'table|update-column') echo 'update-column' ;;
    'table|drop-column') echo 'drop-column' ;;
    'table|rm'|'table|delete') echo 'rm' ;;
    'table|import') echo 'import' ;;
    'table|sample') echo 'sample' ;;
    'table|help') echo 'help' ;;
    'cache|create') echo 'create' ;;
    'cache|list'|'cache|ls') echo 'list' ;;
    'cache|get') echo 'get' ;;
    'cache|status') echo 'status' ;;
    'cache|update') echo 'update' ;;
    'cache|refresh') echo 'refresh' ;;
    'cache|cancel') echo 'cancel' ;;
    'cache|history') echo 'history' ;;
    'cache|rm'|'cache|delete') echo 'rm' ;;
    'cache|help') echo 'help' ;;
    'bitable|create') echo 'create' ;;
    'bitable|list'|'bitable|ls') echo 'list' ;;
    'bitable|add-column') echo 'add-column' ;;
    'bitable|update-column') echo 'update-column' ;;
    'bitable|drop-column') echo 'drop-column' ;;
    'bitable|rm'|'bitable|delete') echo 'rm' ;;
    'bitable|help') echo 'help' ;;
    'parametric-table|create') echo 'create' ;;
    'parametric-table|list'|'parametric-table|ls') echo 'list' ;;
    'parametric-table|rm'|'parametric-table|delete') echo 'rm' ;;
    'parametric-table|help') echo 'help' ;;
    'export|list'|'export|ls') echo 'list' ;;
    'export|get') echo 'get' ;;
    'export|cancel') echo 'cancel' ;;
    'export|help') echo 'help' ;;
    'driver|list'|'driver|ls') echo 'list' ;;
    'driver|jdbc') echo 'jdbc' ;;
    'driver|sqlalchemy') echo 'sqlalchemy' ;;
    'driver|help') echo 'help' ;;
    'metadata|get') echo 'get' ;;
    'metadata|refresh') echo 'refresh' ;;
    'metadata|status') echo 'status' ;;
    'metadata|callback') echo 'callback' ;;
    'metadata|set-callback') echo 'set-callback' ;;
    'metadata|rm-callback') echo 'rm-callback' ;;
    'metadata|describe') echo 'describe' ;;
    'metadata|ai-usage') echo 'ai-usage' ;;
    'metadata|categorical') echo 'categorical' ;;
    'metadata|rm-categorical') echo 'rm-categorical' ;;
    'metadata|semantics') echo 'semantics' ;;
    'metadata|questions') echo 'questions' ;;
    'metadata|search') echo 'search' ;;
    'metadata|help') echo 'help' ;;
    'embed|session') echo 'session' ;;
    'embed|help') echo 'help' ;;
    'thread|list'|'thread|ls') echo 'list' ;;
    'thread|get') echo 'get' ;;
    'thread|rename') echo 'rename' ;;
    'thread|rm'|'thread|delete') echo 'rm' ;;
    'thread|help') echo 'help' ;;
    'agent|workflow') echo 'workflow' ;;
    'agent|help') echo 'help' ;;
    'semantic-catalog|create') echo 'create' ;;
    'semantic-catalog|add-table') echo 'add-table' ;;
    'semantic-catalog|rm-table') echo 'rm-table' ;;
    'semantic-catalog|share') echo 'share' ;;
    'semantic-catalog|help') echo 'help' ;;
    'golden-sql|add') echo 'add' ;;
    'golden-sql|list'|'golden-sql|ls') echo 'list' ;;
    'golden-sql|search') echo 'search' ;;
    'golden-sql|rm'|'golden-sql|delete') echo 'rm' ;;
    'golden-sql|help') echo 'help' ;;
    'relation|add') echo 'add' ;;
    'relation|list'|'relation|ls') echo 'list' ;;
    'relation|update') echo 'update' ;;
    'relation|rm'|'relation|delete') echo 'rm' ;;
    'relation|help') echo 'help' ;;
    'project|list'|'project|ls') echo 'list' ;;
    'project|create') echo 'create' ;;
    'project|update') echo 'update' ;;
    'project|rm'|'project|delete') echo 'rm' ;;
    'project|help') echo 'help' ;;
    'workspace|list'|'workspace|ls') echo 'list' ;;
    'workspace|get') echo 'get' ;;
    'workspace|create') echo 'create' ;;
    'workspace|update') echo 'update' ;;
    'workspace|rm'|'workspace|delete') echo 'rm' ;;
    'workspace|help') echo 'help' ;;
    'key|list'|'key|ls') echo 'list' ;;
    'key|create') echo 'create' ;;
    'key|rm'|'key|delete') echo 'rm' ;;
    'key|help') echo 'help' ;;
  esac
}

# _dgw_words PATH: subcommands and values of the first argument offered under PATH.
_dgw_words() {
  case "$1" in
    '') echo 'auth profile config query mtquery folder connection catalog table cache bitable parametric-table export driver metadata transpile embed ask thread agent semantic-catalog golden-sql relation project workspace key api completion serve sql version pull plan apply schema help' ;;
    'auth') echo 'login status logout help' ;;
    'auth help') echo 'login status logout' ;;
    'profile') echo 'list use rm help' ;;
    'profile help') echo 'list use rm' ;;
    'config') echo 'explain get set unset help' ;;
    'config set') echo 'output project zone' ;;
    'config unset') echo 'output project zone' ;;
    'config help') echo 'explain get set unset' ;;
    'query') echo 'create list get run update edit mv rm export help' ;;
    'query help') echo 'create list get run update edit mv rm export' ;;
    'mtquery') echo 'create list refresh status cancel help' ;;
    'mtquery help') echo 'create list refresh status cancel' ;;
    'folder') echo 'list view tree create rename move mv rm help' ;;
    'folder help') echo 'list view tree create rename move mv rm' ;;
    'connection') echo 'create list get detail update oauth-callback rm config types help' ;;
    'connection help') echo 'create list get detail update oauth-callback rm config types' ;;
    'catalog') echo 'list get schemas tables columns stats export is-cached search create share rm help' ;;
    'catalog help') echo 'list get schemas tables columns stats export is-cached search create share rm' ;;
    'table') echo 'list create add-column update-column drop-column rm import sample help' ;;
    'table help') echo 'list create add-column update-column drop-column rm import sample' ;;
    'cache') echo 'create list get status update refresh cancel history rm help' ;;
    'cache help') echo 'create list get status update refresh cancel history rm' ;;
    'bitable') echo 'create list add-column update-column drop-column rm help' ;;
    'bitable help') echo 'create list add-column update-column drop-column rm' ;;
    'parametric-table') echo 'create list rm help' ;;
    'parametric-table help') echo 'create list rm' ;;
    'export') echo 'list get cancel help' ;;
    'export help') echo 'list get cancel' ;;
    'driver') echo 'list jdbc sqlalchemy help' ;;
    'driver help') echo 'list jdbc sqlalchemy' ;;
    'metadata') echo 'get refresh status callback set-callback rm-callback describe ai-usage categorical rm-categorical semantics questions search help' ;;
    'metadata help') echo 'get refresh status callback set-callback rm-callback describe ai-usage categorical rm-categorical semantics questions search' ;;
    'embed') echo 'session help' ;;
    'embed help') echo 'session' ;;
    'thread') echo 'list get rename rm help' ;;
    'thread help') echo 'list get rename rm' ;;
    'agent') echo 'workflow help' ;;
    'agent help') echo 'workflow' ;;
    'semantic-catalog') echo 'create add-table rm-table share help' ;;
    'semantic-catalog help') echo 'create add-table rm-table share' ;;
    'golden-sql') echo 'add list search rm help' ;;
    'golden-sql help') echo 'add list search rm' ;;
    'relation') echo 'add list update rm help' ;;
    'relation help') echo 'add list update rm' ;;
    'project') echo 'list create update rm help' ;;
    'project help') echo 'list create update rm' ;;
    'workspace') echo 'list get create update rm help' ;;
    'workspace help') echo 'list get create update rm' ;;
    'key') echo 'list create rm help' ;;
    'key help') echo 'list create rm' ;;
    'api') echo 'GET POST PUT PATCH DELETE' ;;
    'completion') echo 'bash zsh fish' ;;
    'help') echo 'auth profile config query mtquery folder connection catalog table cache bitable parametric-table export driver metadata transpile embed ask thread agent semantic-catalog golden-sql relation project workspace key api completion serve sql version pull plan apply schema exit-codes options' ;;
  esac
}

# _dgw_opts PATH: every option accepted under PATH, global ones included.
_dgw_opts() {
  case "$1" in
    '') echo '-V --version --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'auth') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'auth login') echo '--key-type --with-token --insecure-storage -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'auth status') echo '--no-verify -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'auth logout') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'auth help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'profile') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'profile list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'profile use') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'profile rm') echo '-y --yes -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'profile help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'config') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'config explain') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'config get') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'config set') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'config unset') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'config help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'query') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'query create') echo '--sql --file --from --materialized --path -p --parents --every --cron --tz --no-schedule --no-check-schema --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'query list') echo '--folder -r --recursive --type -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'query get') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'query run') echo '--limit --guard-formulas -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'query update') echo '--name --sql --file --from --materialized --path -p --parents --every --cron --tz --no-schedule --no-check-schema --dry-run --plain -y --yes --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'query edit') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'query mv') echo '-p --parents --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'query rm') echo '-y --yes --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'query export') echo '--gzip --columns --limit -o --output --no-wait --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'query help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'mtquery') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'mtquery create') echo '--sql --file --from --path -p --parents --every --cron --tz --no-schedule --no-check-schema --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'mtquery list') echo '--folder -r --recursive -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'mtquery refresh') echo '--wait --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'mtquery status') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'mtquery cancel') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'mtquery help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'folder') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'folder list') echo '--tree --queries -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'folder view') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'folder tree') echo '--queries -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'folder create') echo '-p --parents --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'folder rename') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'folder move') echo '-p --parents --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'folder mv') echo '-p --parents --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'folder rm') echo '-y --yes --force --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'folder help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'connection') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'connection create') echo '-t --type -f --field --from-file --callback -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'connection list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'connection get') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'connection detail') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'connection update') echo '--name -f --field --from-file --ask -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'connection oauth-callback') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'connection rm') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'connection config') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'connection types') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'connection help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'catalog') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'catalog list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog get') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog schemas') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog tables') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog columns') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog stats') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog export') echo '--gzip --columns --limit -o --output --no-wait --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog is-cached') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog search') echo '--catalog --schema -L --limit --offset -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog create') echo '--extra --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog share') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog rm') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'catalog help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'table') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'table list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'table create') echo '-c --column --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'table add-column') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'table update-column') echo '--rename --type --default --no-default --not-null --nullable -y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'table drop-column') echo '-y --yes --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'table rm') echo '-y --yes --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'table import') echo '--no-header --delimiter --map --create --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'table sample') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'table help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'cache') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'cache create') echo '--catalog --schema --batch --every --cron --incremental-every --incremental-cron --tz --incremental-column --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'cache list') echo '--catalog --schema -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'cache get') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'cache status') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'cache update') echo '--every --cron --incremental-every --incremental-cron --tz --incremental-column --no-schedule --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'cache refresh') echo '--incremental --wait --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'cache cancel') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'cache history') echo '--limit -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'cache rm') echo '-y --yes --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'cache help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'bitable') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'bitable create') echo '-c --column --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'bitable list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'bitable add-column') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'bitable update-column') echo '--rename --type --default --no-default --not-null --nullable -y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'bitable drop-column') echo '-y --yes --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'bitable rm') echo '-y --yes --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'bitable help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'parametric-table') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'parametric-table create') echo '--from --param --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'parametric-table list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'parametric-table rm') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'parametric-table help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'export') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'export list') echo '--status --limit --before -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'export get') echo '-o --output -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'export cancel') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'export help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'driver') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'driver list') echo '--catalog -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'driver jdbc') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'driver sqlalchemy') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'driver help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'metadata') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'metadata get') echo '--catalog --schema -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata refresh') echo '--catalog --wait --callback-url --with-token --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata status') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata callback') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata set-callback') echo '--with-token --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata rm-callback') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata describe') echo '--description --column --use-with-ai --no-use-with-ai --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata ai-usage') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata categorical') echo '--limit --frequency --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata rm-categorical') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata semantics') echo '--prompt --limit --thread --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata questions') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata search') echo '--top-k -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'metadata help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'transpile') echo '--file --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'embed') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'embed session') echo '--expires-in --theme --theme-override --mode --feature --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'embed help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'ask') echo '--thread --no-execute --no-stream -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'thread') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'thread list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'thread get') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'thread rename') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'thread rm') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'thread help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'agent') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'agent workflow') echo '-o --output -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'agent help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'semantic-catalog') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'semantic-catalog create') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'semantic-catalog add-table') echo '--as --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'semantic-catalog rm-table') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'semantic-catalog share') echo '--dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'semantic-catalog help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'golden-sql') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'golden-sql add') echo '--sql --file --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'golden-sql list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'golden-sql search') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'golden-sql rm') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'golden-sql help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'relation') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'relation add') echo '--type --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'relation list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'relation update') echo '--type --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'relation rm') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'relation help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'project') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'project list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'project create') echo '--description --workspace --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'project update') echo '--name --description --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'project rm') echo '-y --yes --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'project help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'workspace') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'workspace list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'workspace get') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'workspace create') echo '--description --organization --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'workspace update') echo '--name --description --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'workspace rm') echo '-y --yes --dry-run --with-reads -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'workspace help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'key') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'key list') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'key create') echo '--expires --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'key rm') echo '-y --yes --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'key help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
    'api') echo '--input -f --field --dry-run -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'completion') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'serve') echo '--port --host --allow-remote --data-dir --partner-key --statement-timeout --memory-limit --threads --api-shape -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'sql') echo '--file --limit --guard-formulas -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'version') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'pull') echo '--dir --force -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'plan') echo '--dir --prune --exit-code -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'apply') echo '--dir --prune -y --yes --plan -h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'schema') echo '-h --help --profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout' ;;
    'help') echo '--profile --zone --base-url --project --json --jq --format -q --quiet --header --no-color --no-pager --debug --timeout -h --help' ;;
  esac
}

# _dgw_value_opts PATH: options under PATH that take the next word as their value.
_dgw_value_opts() {
  case "$1" in
    '') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'auth') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'auth login') echo '--key-type --profile --zone --base-url --project --jq --format --timeout' ;;
    'auth status') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'auth logout') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'auth help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'profile') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'profile list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'profile use') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'profile rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'profile help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'config') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'config explain') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'config get') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'config set') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'config unset') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'config help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'query') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'query create') echo '--sql --file --from --path --every --cron --tz --profile --zone --base-url --project --jq --format --timeout' ;;
    'query list') echo '--folder --type --profile --zone --base-url --project --jq --format --timeout' ;;
    'query get') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'query run') echo '--limit --profile --zone --base-url --project --jq --format --timeout' ;;
    'query update') echo '--name --sql --file --from --path --every --cron --tz --profile --zone --base-url --project --jq --format --timeout' ;;
    'query edit') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'query mv') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'query rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'query export') echo '--columns --limit -o --output --profile --zone --base-url --project --jq --format --timeout' ;;
    'query help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'mtquery') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'mtquery create') echo '--sql --file --from --path --every --cron --tz --profile --zone --base-url --project --jq --format --timeout' ;;
    'mtquery list') echo '--folder --profile --zone --base-url --project --jq --format --timeout' ;;
    'mtquery refresh') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'mtquery status') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'mtquery cancel') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'mtquery help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder view') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder tree') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder create') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder rename') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder move') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder mv') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'folder help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'connection') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'connection create') echo '-t --type -f --field --from-file --callback --profile --zone --base-url --project --jq --format --timeout' ;;
    'connection list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'connection get') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'connection detail') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'connection update') echo '--name -f --field --from-file --profile --zone --base-url --project --jq --format --timeout' ;;
    'connection oauth-callback') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'connection rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'connection config') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'connection types') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'connection help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog get') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog schemas') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog tables') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog columns') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog stats') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog export') echo '--columns --limit -o --output --profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog is-cached') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog search') echo '--catalog --schema -L --limit --offset --profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog create') echo '--extra --profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog share') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'catalog help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'table') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'table list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'table create') echo '-c --column --profile --zone --base-url --project --jq --format --timeout' ;;
    'table add-column') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'table update-column') echo '--rename --type --default --profile --zone --base-url --project --jq --format --timeout' ;;
    'table drop-column') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'table rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'table import') echo '--delimiter --map --profile --zone --base-url --project --jq --format --timeout' ;;
    'table sample') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'table help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'cache') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'cache create') echo '--catalog --schema --every --cron --incremental-every --incremental-cron --tz --incremental-column --profile --zone --base-url --project --jq --format --timeout' ;;
    'cache list') echo '--catalog --schema --profile --zone --base-url --project --jq --format --timeout' ;;
    'cache get') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'cache status') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'cache update') echo '--every --cron --incremental-every --incremental-cron --tz --incremental-column --profile --zone --base-url --project --jq --format --timeout' ;;
    'cache refresh') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'cache cancel') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'cache history') echo '--limit --profile --zone --base-url --project --jq --format --timeout' ;;
    'cache rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'cache help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'bitable') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'bitable create') echo '-c --column --profile --zone --base-url --project --jq --format --timeout' ;;
    'bitable list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'bitable add-column') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'bitable update-column') echo '--rename --type --default --profile --zone --base-url --project --jq --format --timeout' ;;
    'bitable drop-column') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'bitable rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'bitable help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'parametric-table') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'parametric-table create') echo '--from --param --profile --zone --base-url --project --jq --format --timeout' ;;
    'parametric-table list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'parametric-table rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'parametric-table help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'export') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'export list') echo '--status --limit --before --profile --zone --base-url --project --jq --format --timeout' ;;
    'export get') echo '-o --output --profile --zone --base-url --project --jq --format --timeout' ;;
    'export cancel') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'export help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'driver') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'driver list') echo '--catalog --profile --zone --base-url --project --jq --format --timeout' ;;
    'driver jdbc') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'driver sqlalchemy') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'driver help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata get') echo '--catalog --schema --profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata refresh') echo '--catalog --callback-url --profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata status') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata callback') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata set-callback') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata rm-callback') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata describe') echo '--description --column --profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata ai-usage') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata categorical') echo '--limit --frequency --profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata rm-categorical') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata semantics') echo '--prompt --limit --thread --profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata questions') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata search') echo '--top-k --profile --zone --base-url --project --jq --format --timeout' ;;
    'metadata help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'transpile') echo '--file --profile --zone --base-url --project --jq --format --timeout' ;;
    'embed') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'embed session') echo '--expires-in --theme --mode --feature --profile --zone --base-url --project --jq --format --timeout' ;;
    'embed help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'ask') echo '--thread --profile --zone --base-url --project --jq --format --timeout' ;;
    'thread') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'thread list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'thread get') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'thread rename') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'thread rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'thread help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'agent') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'agent workflow') echo '-o --output --profile --zone --base-url --project --jq --format --timeout' ;;
    'agent help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'semantic-catalog') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'semantic-catalog create') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'semantic-catalog add-table') echo '--as --profile --zone --base-url --project --jq --format --timeout' ;;
    'semantic-catalog rm-table') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'semantic-catalog share') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'semantic-catalog help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'golden-sql') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'golden-sql add') echo '--sql --file --profile --zone --base-url --project --jq --format --timeout' ;;
    'golden-sql list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'golden-sql search') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'golden-sql rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'golden-sql help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'relation') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'relation add') echo '--type --profile --zone --base-url --project --jq --format --timeout' ;;
    'relation list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'relation update') echo '--type --profile --zone --base-url --project --jq --format --timeout' ;;
    'relation rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'relation help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'project') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'project list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'project create') echo '--description --workspace --profile --zone --base-url --project --jq --format --timeout' ;;
    'project update') echo '--name --description --profile --zone --base-url --project --jq --format --timeout' ;;
    'project rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'project help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'workspace') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'workspace list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'workspace get') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'workspace create') echo '--description --organization --profile --zone --base-url --project --jq --format --timeout' ;;
    'workspace update') echo '--name --description --profile --zone --base-url --project --jq --format --timeout' ;;
    'workspace rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'workspace help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'key') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'key list') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'key create') echo '--expires --profile --zone --base-url --project --jq --format --timeout' ;;
    'key rm') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'key help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'api') echo '--input -f --field --profile --zone --base-url --project --jq --format --timeout' ;;
    'completion') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'serve') echo '--port --host --data-dir --partner-key --statement-timeout --memory-limit --threads --api-shape --profile --zone --base-url --project --jq --format --timeout' ;;
    'sql') echo '--file --limit --profile --zone --base-url --project --jq --format --timeout' ;;
    'version') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'pull') echo '--dir --profile --zone --base-url --project --jq --format --timeout' ;;
    'plan') echo '--dir --profile --zone --base-url --project --jq --format --timeout' ;;
    'apply') echo '--dir --plan --profile --zone --base-url --project --jq --format --timeout' ;;
    'schema') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
    'help') echo '--profile --zone --base-url --project --jq --format --timeout' ;;
  esac
}

# _dgw_live PATH: "1" when a positional argument under PATH takes live values (names from the project).
_dgw_live() {
  case "$1" in
    'profile use') echo '1' ;;
    'profile rm') echo '1' ;;
    'query get') echo '1' ;;
    'query run') echo '1' ;;
    'query update') echo '1' ;;
    'query edit') echo '1' ;;
    'query mv') echo '1' ;;
    'query rm') echo '1' ;;
    'query export') echo '1' ;;
    'mtquery refresh') echo '1' ;;
    'mtquery status') echo '1' ;;
    'mtquery cancel') echo '1' ;;
    'folder view') echo '1' ;;
    'folder tree') echo '1' ;;
    'folder create') echo '1' ;;
    'folder rename') echo '1' ;;
    'folder move') echo '1' ;;
    'folder mv') echo '1' ;;
    'folder rm') echo '1' ;;
    'connection get') echo '1' ;;
    'connection detail') echo '1' ;;
    'connection update') echo '1' ;;
    'connection rm') echo '1' ;;
    'connection config') echo '1' ;;
    'catalog get') echo '1' ;;
    'catalog schemas') echo '1' ;;
    'catalog tables') echo '1' ;;
    'catalog columns') echo '1' ;;
    'catalog stats') echo '1' ;;
    'catalog export') echo '1' ;;
    'catalog is-cached') echo '1' ;;
    'catalog create') echo '1' ;;
    'catalog share') echo '1' ;;
    'catalog rm') echo '1' ;;
    'table list') echo '1' ;;
    'table create') echo '1' ;;
    'table add-column') echo '1' ;;
    'table update-column') echo '1' ;;
    'table drop-column') echo '1' ;;
    'table rm') echo '1' ;;
    'table import') echo '1' ;;
    'table sample') echo '1' ;;
    'cache create') echo '1' ;;
    'cache get') echo '1' ;;
    'cache status') echo '1' ;;
    'cache update') echo '1' ;;
    'cache refresh') echo '1' ;;
    'cache cancel') echo '1' ;;
    'cache history') echo '1' ;;
    'cache rm') echo '1' ;;
    'bitable create') echo '1' ;;
    'bitable list') echo '1' ;;
    'bitable add-column') echo '1' ;;
    'bitable update-column') echo '1' ;;
    'bitable drop-column') echo '1' ;;
    'bitable rm') echo '1' ;;
    'parametric-table create') echo '1' ;;
    'parametric-table rm') echo '1' ;;
    'metadata status') echo '1' ;;
    'metadata describe') echo '1' ;;
    'metadata ai-usage') echo '1' ;;
    'metadata categorical') echo '1' ;;
    'metadata rm-categorical') echo '1' ;;
    'metadata semantics') echo '1' ;;
    'semantic-catalog add-table') echo '1' ;;
    'semantic-catalog rm-table') echo '1' ;;
    'semantic-catalog share') echo '1' ;;
    'relation add') echo '1' ;;
  esac
}

# _dgw_live_values: live values for the word under the cursor, from dgw __complete (one request at
# most, cached a few seconds; silent on any failure, nothing after a few seconds). dgw reads the
# line up to the cursor itself, quotes and backslashes included, and answers with each value
# written to replace readline's word (after an open quote, or after a : of COMP_WORDBREAKS).
# No file names instead: a Tab on a query name never offers the files of the current folder.
_dgw_live_values() {
  local value dgw="${COMP_WORDS[0]}"
  COMPREPLY=()
  compopt +o default 2>/dev/null
  [[ "$dgw" == "~/"* ]] && dgw="$HOME/${dgw:2}"
  while IFS= read -r value; do
    [[ -n "$value" ]] && COMPREPLY+=("$value")
  done < <("$dgw" __complete --bash-line "${COMP_LINE:0:COMP_POINT}" --word-breaks "$COMP_WORDBREAKS" </dev/null 2>/dev/null)
}

# _dgw_values PATH OPTION: values offered for OPTION; @files for file names, @live for live values.
_dgw_values() {
  case "$1|$2" in
    'auth login|--key-type') echo 'partner project' ;;
    'query create|--file') echo '@files' ;;
    'query create|--from') echo '@live' ;;
    'query create|--path') echo '@live' ;;
    'query list|--folder') echo '@live' ;;
    'query list|--type') echo 'plain materialized' ;;
    'query update|--file') echo '@files' ;;
    'query update|--from') echo '@live' ;;
    'query update|--path') echo '@live' ;;
    'query export|-o'|'query export|--output') echo '@files' ;;
    'mtquery create|--file') echo '@files' ;;
    'mtquery create|--from') echo '@live' ;;
    'mtquery create|--path') echo '@live' ;;
    'mtquery list|--folder') echo '@live' ;;
    'connection create|-t'|'connection create|--type') echo '@live' ;;
    'connection create|--from-file') echo '@files' ;;
    'connection update|--from-file') echo '@files' ;;
    'catalog export|-o'|'catalog export|--output') echo '@files' ;;
    'catalog create|--extra') echo '@files' ;;
    'export get|-o'|'export get|--output') echo '@files' ;;
    'metadata get|--catalog') echo '@live' ;;
    'metadata refresh|--catalog') echo '@live' ;;
    'transpile|--file') echo '@files' ;;
    'embed session|--mode') echo 'FULL_STUDIO CONNECTOR_MODAL_ONLY' ;;
    'agent workflow|-o'|'agent workflow|--output') echo '@files' ;;
    'golden-sql add|--file') echo '@files' ;;
    'api|--input') echo '@files' ;;
    'serve|--api-shape') echo 'spec hosted' ;;
    'sql|--file') echo '@files' ;;
    'pull|--dir') echo '@files' ;;
    'plan|--dir') echo '@files' ;;
    'apply|--dir') echo '@files' ;;
    'apply|--plan') echo '@files' ;;
    *'|--profile') echo '@live' ;;
    *'|--zone') echo 'default eu local' ;;
    *'|--format') echo 'table json jsonl yaml csv tsv simple compact' ;;
  esac
}

_dgw() {
  # cmdpath: the command typed so far; npos: positional words typed after it.
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" cmdpath="" word next i skip=0 npos=0 ddash=0
  ((COMP_CWORD > 1)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  # = is in COMP_WORDBREAKS: --opt=value comes as three words, --opt, = and value.
  [[ "$prev" == "=" ]] && prev="${COMP_WORDS[COMP_CWORD-2]}"
  [[ "$cur" == "=" ]] && cur=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="${COMP_WORDS[i]}"
    if ((skip)); then
      [[ "$word" == "=" ]] || skip=0
      continue
    fi
    case "$word" in
      --)
        ddash=1
        break
        ;;
      =) [[ "${COMP_WORDS[i-1]}" == -* ]] && skip=1 ;;
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
