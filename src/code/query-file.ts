import { isAlias, isMap, isScalar, LineCounter, parseDocument, stringify } from 'yaml';
import { deriveQueryName, hasControlCharacter } from '../api/names.js';
import { shellWord } from '../output/carry-target.js';
import { parseScheduleInput, ScheduleInputError, type ScheduleField, type ScheduleInputOptions } from '../schedule/input.js';
import { folderOfFile, sqlNameProblem } from './layout.js';
import type { DesiredQuery, ProjectQuery } from './model.js';
import { everyText } from './refresh.js';
import { canonicalSql, isBlankSql, secondStatementOffset } from './sql-text.js';

// An optional `-- ---` fenced YAML header in line comments, then SQL: a block comment would end at a cron step's `*/5`.

/** A problem with one file, found before any request; `line` is 1-based. */
export class FileProblem extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }

  /** `reports/daily.sql:3: unknown header key "materialised"` */
  where(dirLabel: string): string {
    return `${dirLabel}${this.file}${this.line === undefined ? '' : `:${this.line}`}: ${this.message}`;
  }
}

/** The header keys, in the order `pull` writes them. */
const HEADER_KEYS = ['displayName', 'materialized', 'every', 'cron', 'tz', 'from', 'checkSchemaExists'] as const;
type HeaderKey = (typeof HEADER_KEYS)[number];

const FENCE = /^--[ \t]*---[ \t]*$/;

interface Split {
  yaml: string | null;
  yamlLine: number;
  sql: string;
}

function split(text: string, file: string): Split {
  const lines = text.split('\n');
  let open = 0;
  while (open < lines.length && lines[open].trim() === '') open += 1;
  if (open >= lines.length || !FENCE.test(lines[open].trim())) {
    // A header under a comment would be read as SQL and its settings silently lost.
    const late = lateFence(lines);
    if (late !== undefined) {
      throw new FileProblem(
        file,
        'this -- --- line opens a header below other comments, where it would be read as SQL: put the header first in the file (or, in a comment, write something else than -- ---)',
        late + 1,
      );
    }
    return { yaml: null, yamlLine: 0, sql: text };
  }
  const yaml: string[] = [];
  for (let i = open + 1; i < lines.length; i++) {
    const line = lines[i].trimEnd();
    if (FENCE.test(line.trim())) return { yaml: yaml.join('\n'), yamlLine: open + 2, sql: lines.slice(i + 1).join('\n') };
    if (!line.trimStart().startsWith('--')) {
      if (lines.slice(i).every((l) => l.trim() === '')) break;
      throw new FileProblem(file, `the header opened on line ${open + 1} is not closed: each header line starts with --, and a line -- --- ends it`, i + 1);
    }
    yaml.push(line.trimStart().replace(/^--[ \t]?/, ''));
  }
  throw new FileProblem(file, 'the header is not closed: end it with a line -- ---', open + 1);
}

function lateFence(lines: string[]): number | undefined {
  for (const [i, line] of lines.entries()) {
    const trimmed = line.trim();
    if (FENCE.test(trimmed)) return i;
    if (trimmed !== '' && !trimmed.startsWith('--')) return undefined;
  }
  return undefined;
}

type Scalar = string | number | boolean | null;

/** The first line that is not YAML on its own (an unclosed quote is noticed only at the end), else where the parser stopped. */
function badLine(yaml: string, offset: number): number {
  const lines = yaml.split('\n');
  const alone = lines.findIndex((line) => line.trim() !== '' && parseDocument(line, { prettyErrors: false }).errors.length > 0);
  if (alone >= 0) return alone;
  const before = yaml.slice(0, offset).split('\n').length - 1;
  let line = Math.min(before, lines.length - 1);
  while (line > 0 && lines[line].trim() === '') line -= 1;
  return line;
}

function readHeader(yaml: string, firstLine: number, file: string): Map<HeaderKey, { value: Scalar; line: number }> {
  const counter = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter: counter, uniqueKeys: true, prettyErrors: false, version: '1.2' });
  const lineAt = (offset: number | undefined) => (offset === undefined ? firstLine : firstLine + counter.linePos(offset).line - 1);
  const error = doc.errors[0];
  if (error) {
    const hint = /alias/i.test(error.message) ? ' (a value starting with * must be quoted, e.g. cron: "*/5 * * * *")' : '';
    throw new FileProblem(file, `the header is not valid YAML: ${error.message}${hint}`, firstLine + badLine(yaml, error.pos[0]));
  }
  const fields = new Map<HeaderKey, { value: Scalar; line: number }>();
  if (doc.contents === null) return fields;
  if (!isMap(doc.contents)) throw new FileProblem(file, 'the header must be YAML "key: value" lines', lineAt(doc.contents.range?.[0]));
  for (const pair of doc.contents.items) {
    const keyNode = pair.key;
    const line = lineAt(isScalar(keyNode) ? keyNode.range?.[0] : undefined);
    const key = isScalar(keyNode) ? String(keyNode.value) : '';
    if (!(HEADER_KEYS as readonly string[]).includes(key)) {
      const near = HEADER_KEYS.find((k) => k.toLowerCase() === key.toLowerCase().replace(/[^a-z]/g, '').replace('materialised', 'materialized'));
      throw new FileProblem(file, `unknown header key "${key}"${near ? ` (did you mean ${near}?)` : ''}; the keys are ${HEADER_KEYS.join(', ')}`, line);
    }
    const valueNode = pair.value;
    if (isAlias(valueNode) || (valueNode !== null && !isScalar(valueNode))) {
      throw new FileProblem(file, `${key}: give one plain value (no lists, maps or aliases)`, line);
    }
    const value = valueNode === null ? null : (valueNode.value as Scalar);
    // YAML reads 007, 0x1F or 1e3 as numbers (7, 31, 1000): the text as written is lost unless quoted.
    if (typeof value === 'number' && valueNode?.source !== undefined && valueNode.source !== String(value)) {
      throw new FileProblem(file, `${key}: YAML reads ${valueNode.source} as the number ${value}; quote it ("${valueNode.source}") to keep the text as written`, line);
    }
    fields.set(key as HeaderKey, { value, line });
  }
  return fields;
}

/** How query files are read: the shortest `every` accepted (the local gateway's may be lower). */
export type ReadOptions = Pick<ScheduleInputOptions, 'minInterval'>;

/** Reads one query file (`file` relative to the directory); throws a FileProblem naming the file and line. */
export function parseQueryFile(file: string, text: string, options: ReadOptions = {}): DesiredQuery {
  const base = file.split('/').at(-1)!;
  const name = base.slice(0, -'.sql'.length);
  const nameProblem = sqlNameProblem(name);
  if (nameProblem) throw new FileProblem(file, `the file name "${base}" ${nameProblem}`);
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const parts = split(normalised, file);
  const header = parts.yaml === null ? new Map<HeaderKey, { value: Scalar; line: number }>() : readHeader(parts.yaml, parts.yamlLine, file);
  const at = (key: HeaderKey) => header.get(key)?.line;

  const text_ = (key: HeaderKey): string | undefined => {
    const field = header.get(key);
    if (field === undefined || field.value === null) return undefined;
    if (typeof field.value === 'boolean') throw new FileProblem(file, `${key}: expected text, got ${field.value}; quote it if you mean the word`, field.line);
    const value = String(field.value);
    if (hasControlCharacter(value)) throw new FileProblem(file, `${key} contains a control character`, field.line);
    return value;
  };
  const bool = (key: HeaderKey, fallback: boolean): boolean => {
    const field = header.get(key);
    if (field === undefined || field.value === null) return fallback;
    if (typeof field.value !== 'boolean') throw new FileProblem(file, `${key}: expected true or false, got ${JSON.stringify(field.value)}`, field.line);
    return field.value;
  };

  const displayName = text_('displayName') ?? name;
  if (!displayName.trim()) throw new FileProblem(file, 'displayName must not be empty', at('displayName'));
  const derived = deriveQueryName(displayName);
  if (derived !== name) {
    // An older dgw dropped accented letters (Café → caf) and pulled such a query into a file so named: renaming the file would make another query.
    const older = displayName.toLowerCase().replace(/[^a-z0-9_]/g, '') === name;
    const gives = `displayName "${displayName}" gives the SQL name "${derived}", but the file is named ${name}.sql`;
    throw new FileProblem(
      file,
      older
        ? `${gives}, the name an older dgw gave the query (it dropped accented letters), which dgw now leaves alone: delete this file (pull no longer writes one), or rename the query to ${derived} with \`dgw query update ${name} --name ${shellWord(displayName)}\` (SQL reading svc.query.${name} must follow) and run \`dgw pull\``
        : `${gives}: the service derives the name from the display name, so rename the file to ${derived || '…'}.sql or change displayName`,
      at('displayName'),
    );
  }
  const materialized = bool('materialized', false);
  const checkSchemaExists = bool('checkSchemaExists', true);

  const input = { every: text_('every'), cron: text_('cron'), tz: text_('tz') };
  let schedule: DesiredQuery['schedule'];
  try {
    schedule = (parseScheduleInput(input, options) as DesiredQuery['schedule'] | undefined) ?? null;
  } catch (error) {
    if (!(error instanceof ScheduleInputError)) throw error;
    const field: ScheduleField = error.field;
    // A relation between keys reads as a sentence; a bad value is prefixed with its key.
    throw new FileProblem(file, /^(every|cron|tz) /.test(error.message) ? error.message : `${field}: ${error.message}`, at(field));
  }
  if (schedule && !materialized) {
    const key = input.every !== undefined ? 'every' : 'cron';
    throw new FileProblem(file, `${key}: a schedule applies to materialized queries; add "materialized: true"`, at(key));
  }

  const from = text_('from') ?? null;
  if (from !== null) {
    const problem = sqlNameProblem(from);
    if (problem) throw new FileProblem(file, `from: "${from}" ${problem}`, at('from'));
    if (from === name) throw new FileProblem(file, 'from: a query cannot copy its own SQL', at('from'));
    if (!materialized) throw new FileProblem(file, 'from: copying another query\'s SQL makes a materialized query; add "materialized: true"', at('from'));
  }
  const blank = isBlankSql(parts.sql);
  if (from !== null && !blank) throw new FileProblem(file, `from: the file also holds SQL; give the SQL or "from: ${from}", not both`, at('from'));
  if (from === null && blank) throw new FileProblem(file, 'the SQL is empty (a file holds one statement, after its header if it has one)');
  const second = from === null ? secondStatementOffset(parts.sql) : undefined;
  if (second !== undefined) {
    const line = normalised.length - parts.sql.length + second;
    throw new FileProblem(file, 'holds a second statement after a ;: a query is one statement, so give each its own file', normalised.slice(0, line).split('\n').length);
  }

  return {
    name,
    file,
    folder: folderOfFile(file),
    displayName,
    materialized,
    schedule,
    sql: from === null ? canonicalSql(parts.sql) : null,
    from,
    checkSchemaExists,
  };
}

function yamlValue(value: string): string {
  const plain = stringify(value, { lineWidth: 0 }).trimEnd();
  return plain.includes('\n') ? JSON.stringify(value) : plain;
}

/** The file `pull` writes for a project query: a header only where the query needs one, then its SQL. */
export function renderQueryFile(q: ProjectQuery): string {
  const lines: string[] = [];
  if (q.displayName !== q.name) lines.push(`displayName: ${yamlValue(q.displayName)}`);
  if (q.materialized) lines.push('materialized: true');
  if (q.schedule?.type === 'interval') lines.push(`every: ${yamlValue(everyText(q.schedule.repeatDuration))}`);
  if (q.schedule?.type === 'cron') {
    lines.push(`cron: ${JSON.stringify(q.schedule.cronExpression)}`);
    if (q.schedule.timezone && q.schedule.timezone !== 'UTC') lines.push(`tz: ${yamlValue(q.schedule.timezone)}`);
  }
  const sql = `${canonicalSql(q.sql)}\n`;
  // SQL whose leading comments hold a header fence gets an empty header, so it is read back as SQL.
  const sqlLines = sql.split('\n');
  if (lines.length === 0 && !FENCE.test(sqlLines[0].trim()) && lateFence(sqlLines) === undefined) return sql;
  return `-- ---\n${lines.map((l) => `-- ${l}\n`).join('')}-- ---\n${sql}`;
}
