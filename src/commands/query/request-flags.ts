import { Option, type Command } from 'commander';
import { deriveQueryName, folderPathProblem, hasControlCharacter, noSqlNameReason } from '../../api/names.js';
import type { QueryRequest, Schedule } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Duration } from '../../schedule/duration.js';
import { parseScheduleInput, ScheduleInputError, type ScheduleField } from '../../schedule/input.js';
import { MIN_INTERVAL, minIntervalFor } from '../../schedule/minimum.js';
import { readSource } from '../read-source.js';
import { refuseNulInSql } from '../sql-text.js';
import { checkSegment } from '../../api/path.js';
import { isIdShaped } from '../../api/resolve.js';
import { completes } from '../../completion/kinds.js';

/** Flags shared by `query create`, `query update` and `mtquery create`. */
export interface QueryFlags {
  sql?: string;
  file?: string;
  from?: string;
  materialized?: boolean;
  path?: string;
  parents?: boolean;
  every?: string;
  cron?: string;
  tz?: string;
  schedule?: boolean;
  checkSchema?: boolean;
  dryRun?: boolean;
}

/** Adds the SQL source, schedule and safety flags to a create or update command. */
export function addQueryFlags(command: Command, { materializedFlag }: { materializedFlag: boolean }): Command {
  command
    .option('--sql <sql>', 'the SQL text')
    .option('--file <path>', 'read the SQL from a file, or - for stdin')
    .addOption(completes(new Option('--from <query>', 'copy the SQL of an existing query (id or name); materialized only'), 'query'));
  if (materializedFlag) command.option('--materialized', 'store the result as svc.mtquery.<name>');
  return command
    .addOption(completes(new Option('--path <folder>', 'folder path such as /reports/monthly (an existing folder, unless --parents)'), 'folder'))
    .option('-p, --parents', 'make the --path folder (and missing parents) when it does not exist')
    .addOption(new Option('--every <duration>', 'refresh interval: 30m, 6h, 1d or ISO 8601 (PT6H); at least 1m').conflicts(['cron', 'schedule']))
    .addOption(new Option('--cron <expr>', 'refresh on a five-field cron expression').conflicts(['every', 'schedule']))
    .option('--tz <zone>', "IANA time zone for --cron (default UTC; on update, the schedule's own)")
    .option('--no-schedule', 'no scheduled refresh (removes one on update)')
    .option('--no-check-schema', 'store the SQL even if the tables it reads do not exist')
    .option('--dry-run', 'print the request instead of sending it');
}

/** The SQL source named by the flags: text, or a reference to copy. Throws usage errors. */
export async function readSqlSource(ctx: Context, flags: QueryFlags): Promise<{ sql?: string; from?: string }> {
  const given = [flags.sql !== undefined && '--sql', flags.file !== undefined && '--file', flags.from !== undefined && '--from'].filter(Boolean);
  if (given.length > 1) throw new UsageError(`${given.join(' and ')} cannot be used together: give the SQL one way`);
  if (flags.from !== undefined) {
    if (!flags.from.trim()) throw new UsageError('--from needs a query id or name');
    return { from: checkSegment(flags.from, '--from') };
  }
  if (flags.sql !== undefined) return { sql: nonEmptySql(flags.sql, '--sql') };
  if (flags.file !== undefined) {
    return { sql: nonEmptySql(await readSource(ctx, flags.file, '--file'), '--file') };
  }
  return {};
}

function nonEmptySql(text: string, flag: string): string {
  const sql = refuseNulInSql(text, flag).trim();
  if (!sql) throw new UsageError(`${flag}: the SQL is empty`);
  return sql;
}

export { minIntervalFor };

/** The schedule the flags ask for, validated; undefined when no schedule flag was given. */
export function scheduleFromFlags(flags: QueryFlags, minInterval: Duration = MIN_INTERVAL): Schedule | undefined {
  const flag = (field: ScheduleField) => `--${field}`;
  try {
    const schedule = parseScheduleInput({ every: flags.every, cron: flags.cron, tz: flags.tz }, { label: flag, minInterval });
    if (schedule) return schedule;
  } catch (error) {
    if (!(error instanceof ScheduleInputError)) throw error;
    // A relation between flags reads as a sentence; a bad value is prefixed with its flag.
    const message = error.message.startsWith('--') ? error.message : `${flag(error.field)}: ${error.message}`;
    throw new UsageError(message, error.tooShort && minInterval.ms === MIN_INTERVAL.ms ? 'a materialized query refreshes at most once a minute; use --every 1m or more, or --cron' : undefined);
  }
  if (flags.schedule === false) return { type: 'none' };
  return undefined;
}

export function checkDisplayName(displayName: string, flag = 'DISPLAY_NAME'): string {
  if (!displayName.trim()) throw new UsageError(`${flag} must not be empty`);
  // Printed on terminals by every listing: a control character could rewrite the screen (folder names refuse them too).
  if (hasControlCharacter(displayName)) throw new UsageError(`${flag} contains a control character`);
  const name = deriveQueryName(displayName);
  if (!name) {
    throw new UsageError(`${flag} ${noSqlNameReason(displayName)}`);
  }
  // A QUERY argument shaped as an id is taken as one, so a query of that name could not be named (and its name could reach another query).
  if (isIdShaped(name)) throw new UsageError(`${flag} "${displayName}" gives the SQL name ${name}, which dgw would read as a query id; add a letter, e.g. "q ${displayName}"`);
  return displayName;
}

export function checkPath(path: string | undefined, label = '--path'): string | undefined {
  if (path === undefined) return undefined;
  const problem = folderPathProblem(path);
  if (problem) throw new UsageError(`${label}: ${problem}`);
  return path;
}

/** Validates create flags and builds the body; the caller swaps in the resolved `from` id. */
export function createRequest(displayName: string, flags: QueryFlags, source: { sql?: string; from?: string }, minInterval?: Duration): QueryRequest {
  const materialized = flags.materialized === true;
  const schedule = scheduleFromFlags(flags, minInterval);
  if (!materialized && flags.from !== undefined) {
    throw new UsageError('--from copies SQL into a materialized query: add --materialized, or use `dgw mtquery create`');
  }
  if (!materialized && schedule) throw new UsageError('schedules apply to materialized queries: add --materialized, or use `dgw mtquery create`');
  const body: QueryRequest = { displayName: checkDisplayName(displayName), queryType: materialized ? 'MATERIALIZED' : 'PLAIN' };
  if (source.from !== undefined) body.inputQueryRefId = source.from;
  else body.inputQuery = source.sql;
  if (schedule) body.schedule = schedule;
  const path = checkPath(flags.path);
  if (path !== undefined) body.path = path;
  return body;
}
