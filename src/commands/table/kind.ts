/** Which kind of table a verb changes: stored tables (`table`) or BI tables (`bitable`). */
export type TableKind = 'table' | 'bitable';

/** A kind as help texts name it, and as messages name it for short. */
export const NOUN: Record<TableKind, string> = { table: 'stored table', bitable: 'BI table' };
export const SHORT_NOUN: Record<TableKind, string> = { table: 'table', bitable: 'BI table' };
