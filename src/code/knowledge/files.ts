import fs from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, stringify, visit, type Node } from 'yaml';
import { FileProblem } from '../query-file.js';
import { readText } from '../read-dir.js';
import { canonicalSql } from '../sql-text.js';
import { KNOWLEDGE_FILES, type ColumnRef, type DesiredGoldenSql, type DesiredKnowledge, type DesiredRelation, type KnowledgeKind } from './model.js';

/** The relation type a file that names none means, as `dgw relation add` sends by default. */
const DEFAULT_RELATION_TYPE = 'MANY_TO_ONE';

/** Knowledge files that are links or not regular files: never read through, written through or replaced (pull refuses them, as query files). */
export async function unsafeKnowledgeFiles(root: string): Promise<FileProblem[]> {
  const problems: FileProblem[] = [];
  for (const file of Object.values(KNOWLEDGE_FILES)) {
    const stat = await fs.lstat(path.join(root, file)).catch(() => undefined);
    if (stat && !stat.isFile()) problems.push(notAFile(file, stat));
  }
  return problems;
}

function notAFile(file: string, stat: Stats): FileProblem {
  if (stat.isDirectory()) return new FileProblem(file, `is a directory, but at the top this name is the knowledge file's (dgw reads ${file} there): rename the directory`);
  return new FileProblem(file, stat.isSymbolicLink() ? 'is a symbolic link; dgw neither follows nor replaces links' : 'is not a regular file');
}

/** The knowledge files of the directory, read and checked; absent files leave their kind unmanaged. */
export async function readKnowledge(root: string): Promise<{ desired: DesiredKnowledge; problems: FileProblem[] }> {
  const desired: DesiredKnowledge = {};
  const problems: FileProblem[] = [];
  for (const kind of Object.keys(KNOWLEDGE_FILES) as KnowledgeKind[]) {
    const file = KNOWLEDGE_FILES[kind];
    const stat = await fs.lstat(path.join(root, file)).catch(() => undefined);
    if (!stat) continue;
    try {
      if (!stat.isFile()) throw notAFile(file, stat);
      const text = await readText(root, file, 'a knowledge file');
      if (kind === 'goldenSqls') desired.goldenSqls = parseGoldenSqls(text);
      else desired.relations = parseRelations(text);
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      problems.push(error);
    }
  }
  return { desired, problems };
}

/** The items of a YAML list, each with its line; only `[]` is an empty list (pull writes it for none). */
function listItems(file: string, text: string): Array<{ node: Node; line: number }> {
  const counter = new LineCounter();
  const doc = parseDocument(text.replace(/^\uFEFF/, ''), { lineCounter: counter, uniqueKeys: true, prettyErrors: false, version: '1.2' });
  const lineOf = (node: Node | null | undefined) => (node?.range ? counter.linePos(node.range[0]).line : undefined);
  const [error] = doc.errors;
  if (error) throw new FileProblem(file, `is not YAML: ${error.message.split('\n')[0]}`, counter.linePos(error.pos[0]).line);
  // An alias would be read as nothing here (and expanded, it could multiply a small file): refuse it.
  let alias: Node | undefined;
  visit(doc, { Alias: (_, node) => ((alias = node as Node), visit.BREAK) });
  if (alias !== undefined && isAlias(alias)) throw new FileProblem(file, `uses a YAML alias (*${alias.source}); write the value out`, lineOf(alias));
  // An empty or comment-only file (truncated, a bad merge) is no list: read as one, --prune would delete every entry.
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) throw new FileProblem(file, 'holds no list: write [] for none (as pull does), or the entries', 1);
  if (!isSeq(doc.contents)) throw new FileProblem(file, 'must be a YAML list (each entry starting with "- ")', lineOf(doc.contents as Node));
  return doc.contents.items.map((node) => ({ node: node as Node, line: lineOf(node as Node) ?? 1 }));
}

/** An entry's keys as plain values, refusing keys it does not know. */
function entryOf(file: string, item: { node: Node; line: number }, keys: readonly string[]): Record<string, unknown> {
  if (!isMap(item.node)) throw new FileProblem(file, `an entry must be a map of ${keys.join(', ')}`, item.line);
  const entry = item.node.toJSON() as Record<string, unknown>;
  const unknown = Object.keys(entry).find((k) => !keys.includes(k));
  if (unknown !== undefined) throw new FileProblem(file, `unknown key "${unknown}" (an entry holds ${keys.join(', ')})`, item.line);
  return entry;
}

function textOf(file: string, line: number, entry: Record<string, unknown>, key: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value.trim() === '') throw new FileProblem(file, `"${key}" must be non-empty text`, line);
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value)) throw new FileProblem(file, `"${key}" holds a control character`, line);
  return value;
}

export function parseGoldenSqls(text: string): DesiredGoldenSql[] {
  const file = KNOWLEDGE_FILES.goldenSqls;
  const seen = new Map<string, number>();
  return listItems(file, text).map((item) => {
    const entry = entryOf(file, item, ['question', 'sql']);
    const question = textOf(file, item.line, entry, 'question').trim();
    // A question is one line of text, as the service takes it: a tab or line break in it is refused there, after the requests before it.
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(question)) throw new FileProblem(file, '"question" holds a tab or a line break; a question is one line', item.line);
    const sql = canonicalSql(textOf(file, item.line, entry, 'sql'));
    if (sql === '') throw new FileProblem(file, '"sql" must hold a statement', item.line);
    // A question may have several answers, as in the project; the same answer twice is a slip.
    const earlier = seen.get(`${question}\u0000${sql}`);
    if (earlier !== undefined) throw new FileProblem(file, `the question "${question}" with the same SQL is also on line ${earlier}`, item.line);
    seen.set(`${question}\u0000${sql}`, item.line);
    return { question, sql };
  });
}

/** The line of relations.yaml each relation read from it starts on, for messages about it (plans are saved without it). */
const relationLines = new WeakMap<DesiredRelation, number>();
export const relationLine = (relation: DesiredRelation): number | undefined => relationLines.get(relation);

export function parseRelations(text: string): DesiredRelation[] {
  const file = KNOWLEDGE_FILES.relations;
  const seen = new Map<string, number>();
  return listItems(file, text).map((item) => {
    const entry = entryOf(file, item, ['from', 'to', 'type']);
    const from = columnOf(file, item.line, entry.from, 'from');
    const to = columnOf(file, item.line, entry.to, 'to');
    // The service takes a type in any case and keeps it in upper case, as `dgw relation add` sends it.
    const type = entry.type === undefined ? DEFAULT_RELATION_TYPE : textOf(file, item.line, entry, 'type').trim().toUpperCase();
    const key = relationLabel(from, to);
    const earlier = seen.get(key);
    if (earlier !== undefined) throw new FileProblem(file, `the relation ${key} is also on line ${earlier}; a pair of columns is in the file once`, item.line);
    seen.set(key, item.line);
    const relation = { from, to, type };
    relationLines.set(relation, item.line);
    return relation;
  });
}

const PARTS = ['catalog', 'schema', 'table', 'column'] as const;

/** `catalog.schema.table.column`, or a map of those four where a name holds a dot. */
function columnOf(file: string, line: number, value: unknown, key: string): ColumnRef {
  const parts = typeof value === 'string' ? value.split('.') : value && typeof value === 'object' && !Array.isArray(value) ? PARTS.map((p) => (value as Record<string, unknown>)[p]) : [];
  const extra = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).find((k) => !(PARTS as readonly string[]).includes(k)) : undefined;
  if (parts.length !== 4 || extra !== undefined || parts.some((p) => typeof p !== 'string' || p.trim() === '' || p !== p.trim())) {
    const number = parts.find((p) => typeof p === 'number');
    const quote = number === undefined ? '' : `; YAML reads ${String(number)} as a number: quote it ("${String(number)}")`;
    throw new FileProblem(file, `"${key}" must be catalog.schema.table.column (or a map of catalog, schema, table and column where a name holds a dot)${quote}`, line);
  }
  const [catalog, schema, table, column] = parts as string[];
  return { catalog, schema, table, column };
}

/** A column as files and plans write it. */
export function columnLabel(c: ColumnRef): string {
  return [c.catalog, c.schema, c.table, c.column].join('.');
}

/** A relation as plans name it: `from → to`. */
export function relationLabel(from: ColumnRef, to: ColumnRef): string {
  return `${columnLabel(from)} → ${columnLabel(to)}`;
}

/** The file `pull` writes for golden SQLs: questions in order, SQL as a block. */
export function renderGoldenSqls(entries: DesiredGoldenSql[]): string {
  const head = '# Golden SQLs: questions and the SQL that answers each (dgw pull writes this file; dgw plan and apply read it)\n';
  return entries.length === 0 ? `${head}[]\n` : head + stringify(entries.map((e) => ({ question: e.question, sql: `${e.sql}\n` })), { lineWidth: 0, blockQuote: 'literal' });
}

/** The file `pull` writes for relations: one entry per pair of columns. */
export function renderRelations(entries: DesiredRelation[]): string {
  const head = '# Relations between columns, as catalog.schema.table.column (dgw pull writes this file; dgw plan and apply read it)\n';
  const written = (c: ColumnRef) => ([c.catalog, c.schema, c.table, c.column].some((p) => p.includes('.')) ? { ...c } : columnLabel(c));
  return entries.length === 0 ? `${head}[]\n` : head + stringify(entries.map((e) => ({ from: written(e.from), to: written(e.to), type: e.type })), { lineWidth: 0 });
}
