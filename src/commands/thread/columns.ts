import type { Static } from 'typebox';
import type * as R from '../../contract/records.js';
import { isRaw, listIn, text, textOrNull } from '../../api/read.js';
import type { Column } from '../../output/format.js';

/** A conversation with the agent, as far as its open answer says. */
export type ThreadRecord = Static<typeof R.ThreadRecord>;

export const THREAD_COLUMNS: Column<ThreadRecord>[] = [
  { field: 'threadId', kind: 'id' },
  { field: 'displayName', kind: 'text' },
  { field: 'updatedAt', kind: 'time' },
];

export const threadId = (t: ThreadRecord): string => t.threadId;

/** The threads of a list answer: the answer itself when an array, else its first array. */
export function readThreads(value: unknown): ThreadRecord[] {
  return listIn(value).filter(isRaw).map(readThread);
}

export function readThread(t: Record<string, unknown>): ThreadRecord {
  return {
    threadId: text(t.threadId ?? t.thread_id ?? t.id),
    displayName: textOrNull(t.displayName ?? t.name ?? t.title),
    updatedAt: textOrNull(t.updatedAt ?? t.updated_at ?? t.createdAt ?? t.created_at),
  };
}
