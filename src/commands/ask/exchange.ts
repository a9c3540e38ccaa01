import type { Static } from 'typebox';
import type * as R from '../../contract/records.js';
import type { AgentEvent } from '../../api/agent.js';
import { isRaw } from '../../api/read.js';

// The agent's events, whose data the document leaves open: answer pieces (`delta`, `content`, `text`,
// `token`), `sql`, `tables`, `threadId`, and an error (an `error` event or field).

/** A question and its answer as they came, for `--json` and for what a terminal shows. */
export type Exchange = Static<typeof R.AskExchange>;

/** What one event adds, to be shown as it comes. */
export interface Piece {
  text?: string;
  sql?: string;
  tables?: string[];
}

const TEXT_FIELDS = ['delta', 'content', 'text', 'token'] as const;

export function startExchange(question: string, threadId: string | undefined): Exchange {
  return { question, threadId: threadId ?? null, answer: '', sql: [], tables: [], error: null, events: [] };
}

/** Adds an event to the exchange; returns what is new in it. */
export function take(exchange: Exchange, event: AgentEvent): Piece {
  exchange.events.push(event);
  // Data that is not JSON is answer text only in a plain message: not a keep-alive of another event, nor an end marker.
  const plainText = typeof event.data === 'string' && event.event === 'message' && event.data !== '[DONE]';
  const data = isRaw(event.data) ? event.data : plainText || (event.event === 'error' && typeof event.data === 'string') ? { text: event.data } : {};
  const piece: Piece = {};
  const thread = data.threadId ?? data.thread_id;
  if (typeof thread === 'string' && thread !== '') exchange.threadId = thread;
  if (event.event === 'error' || typeof data.error === 'string') {
    exchange.error = String(data.error ?? data.message ?? data.text ?? 'the agent failed');
    return piece;
  }
  const text = TEXT_FIELDS.map((f) => data[f]).find((v): v is string => typeof v === 'string');
  if (text) {
    exchange.answer += text;
    piece.text = text;
  } else if (typeof data.answer === 'string' && exchange.answer === '') {
    exchange.answer = data.answer;
    piece.text = data.answer;
  }
  if (typeof data.sql === 'string' && data.sql.trim() !== '' && !exchange.sql.includes(data.sql)) {
    exchange.sql.push(data.sql);
    piece.sql = data.sql;
  }
  if (Array.isArray(data.tables)) {
    const names = data.tables.map(tableName).filter((n): n is string => n !== undefined && !exchange.tables.includes(n));
    if (names.length > 0) {
      exchange.tables.push(...names);
      piece.tables = names;
    }
  }
  return piece;
}

function tableName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRaw(value)) return undefined;
  const parts = [value.catalogName ?? value.catalog, value.schemaName ?? value.schema, value.tableName ?? value.table ?? value.name].filter((p) => typeof p === 'string');
  return parts.length > 0 ? parts.join('.') : undefined;
}
