import { tokenize } from '../impact/sql-tokens.js';
import { sqlCode } from '../sql-code.js';

/** SQL as compared and sent: LF line ends, no byte-order mark, blanks and trailing semicolons trimmed. */
export function canonicalSql(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\s;]+$/, '')
    .replace(/^\s+/, '');
}

/** True when the SQL holds no statement: only blanks, comments and semicolons. */
export function isBlankSql(sql: string): boolean {
  return sqlCode(sql).replace(/[\s;]/g, '') === '';
}

/** Where a second statement starts, after a `;` outside comments, literals and quoted names; undefined for one. */
export function secondStatementOffset(sql: string): number | undefined {
  let ended = false;
  for (const token of tokenize(sql)) {
    if (token.kind === 'punct' && token.text === ';') ended = true;
    else if (ended) return token.at;
  }
  return undefined;
}

/** Names of saved queries a statement reads; used only to order changes, so a miss costs nothing but order. */
export function referencedQueryNames(sql: string): Set<string> {
  const names = new Set<string>();
  const pattern = /(?:^|[^\w"])"?(?:query|mtquery)"?\s*\.\s*"?([a-z0-9_]+)"?(?![\w])/gi;
  for (const match of sqlCode(sql).matchAll(pattern)) names.add(match[1].toLowerCase());
  return names;
}
