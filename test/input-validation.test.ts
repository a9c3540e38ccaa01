import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// Bad input is refused with exit 2 and a message naming the flag, before any request is sent.
const { server, dgw } = useStandIn();

const cases: Array<[string, string[], RegExp, Record<string, string | undefined>?]> = [
  ['--from on a plain query', ['query', 'create', 'Copy', '--from', 'revenuereport'], /--from.*--materialized/],
  ['a cron expression without five fields', ['mtquery', 'create', 'N', '--sql', 'SELECT 1', '--cron', '0 2 * *'], /--cron: .*five fields/],
  ['a cron field out of range', ['mtquery', 'create', 'N', '--sql', 'SELECT 1', '--cron', '61 2 * * *'], /--cron: minute/],
  ['an unknown time zone', ['mtquery', 'create', 'N', '--sql', 'SELECT 1', '--cron', '0 2 * * *', '--tz', 'Mars/Olympus'], /--tz: .*Mars\/Olympus/],
  ['--tz without --cron', ['mtquery', 'create', 'N', '--sql', 'SELECT 1', '--tz', 'UTC'], /--tz only applies to --cron/],
  ['a malformed duration', ['mtquery', 'create', 'N', '--sql', 'SELECT 1', '--every', 'six hours'], /--every: .*not a duration/],
  ['a zero duration', ['mtquery', 'create', 'N', '--sql', 'SELECT 1', '--every', 'PT0S'], /--every/],
  ['a folder path that is not absolute', ['query', 'create', 'N', '--sql', 'SELECT 1', '--path', 'reports/monthly'], /--path: .*absolute/],
  ['a folder path with ..', ['query', 'create', 'N', '--sql', 'SELECT 1', '--path', '/reports/../x'], /--path: .*\.\./],
  ['SQL and --from together', ['mtquery', 'create', 'N', '--sql', 'SELECT 1', '--from', 'x'], /--sql and --from cannot be used together/],
  ['no SQL at all', ['query', 'create', 'N'], /no SQL: give --sql, --file/],
  ['empty SQL', ['query', 'create', 'N', '--sql', '   '], /--sql: the SQL is empty/],
  ['a display name with no usable characters', ['query', 'create', '!!!', '--sql', 'SELECT 1'], /DISPLAY_NAME/],
  ['a display name whose SQL name is shaped as a query id', ['query', 'create', '2024-12-31 23:59:59.000', '--sql', 'SELECT 1'], /gives the SQL name 20241231235959000, which dgw would read as a query id/],
  ['a new name whose SQL name is shaped as a query id', ['query', 'update', 'revenuereport', '--name', '123456789012345678'], /--name .*read as a query id/],
  ['a schedule on a plain query', ['query', 'create', 'N', '--sql', 'SELECT 1', '--every', '1d'], /schedules apply to materialized/],
  ['two schedule flags', ['mtquery', 'create', 'N', '--sql', 'SELECT 1', '--every', '1d', '--cron', '0 2 * * *'], /cannot be used with option '--cron/],
  ['no project id', ['query', 'create', 'N', '--sql', 'SELECT 1'], /no project id.*--project/, { DGW_PROJECT: undefined }],
  ['a missing SQL file', ['query', 'create', 'N', '--file', '/nonexistent/q.sql'], /--file: \/nonexistent\/q\.sql does not exist/],
  ['an unknown zone', ['catalog', 'list', '--zone', 'mars'], /--zone/],
  ['a bad --timeout', ['catalog', 'list', '--timeout', 'soon'], /--timeout/],
  ['a plain http base URL that is not loopback', ['catalog', 'list', '--base-url', 'http://gateway.example.com/api/v1'], /plain http is only allowed for loopback/],
  ['a folder mv without a folder', ['folder', 'mv', 'onlyone'], /at least one QUERY and then the target FOLDER/],
  ['a folder mv to a relative path-like id with ..', ['folder', 'mv', 'q1', '/a/../b'], /FOLDER: .*\.\./],
  ['query update with nothing to change', ['query', 'update', 'revenuereport'], /nothing to change/],
  ['an unknown command', ['query', 'frobnicate'], /unknown command/],
  ['a blank QUERY for mtquery refresh', ['mtquery', 'refresh', ' '], /QUERY must not be empty/],
  ['a blank QUERY for mtquery status', ['mtquery', 'status', ' '], /QUERY must not be empty/],
  ['a blank QUERY for mtquery cancel', ['mtquery', 'cancel', ' '], /QUERY must not be empty/],
  ['a blank QUERY for query get', ['query', 'get', ' '], /QUERY must not be empty/],
  ['a blank QUERY for query run', ['query', 'run', ' '], /QUERY must not be empty/],
  ['a blank QUERY for query update', ['query', 'update', ' ', '--sql', 'SELECT 1'], /QUERY must not be empty/],
  ['a blank QUERY for query export', ['query', 'export', ' '], /QUERY must not be empty/],
  ['a blank QUERY for query rm', ['query', 'rm', ' ', '--yes'], /QUERY must not be empty/],
];

describe('bad input is refused before anything is sent', () => {
  it.each(cases)('%s → exit 2', async (_name, args, message, env) => {
    const r = await dgw(args, { env });
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
