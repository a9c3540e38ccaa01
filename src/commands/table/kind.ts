import type { Http } from '../../api/http.js';
import { listBiTables, listTables } from '../../api/tables.js';

/** Which kind of table a verb changes: stored tables (`table`) or BI tables (`bitable`). */
export type TableKind = 'table' | 'bitable';

/** A kind as help texts name it, and as messages name it for short. */
export const NOUN: Record<TableKind, string> = { table: 'stored table', bitable: 'BI table' };
export const SHORT_NOUN: Record<TableKind, string> = { table: 'table', bitable: 'BI table' };

/** Whether the project has a table of this kind named `name` (in any case, as SQL names it). */
export async function tableNamed(http: Http, projectId: string, name: string, kind: TableKind): Promise<boolean> {
  const found = await (kind === 'table' ? listTables : listBiTables)(http, projectId);
  return found.some((t) => t.tableName.toLowerCase() === name.toLowerCase());
}
