import type { Static } from 'typebox';
import type * as R from '../contract/records.js';
import type { Http } from './http.js';
import { apiPath } from './path.js';
import { MalformedResponseError } from '../errors.js';
import { object, readAnswer, text, textOrNull } from './read.js';
import type * as W from '../wire/index.js';

// Tools of the hosted service the local gateway does not have (it answers 501): transpiling SQL to another dialect, and embedded sessions of its web app.

/** A statement transpiled to another dialect. */
export type TranspiledRecord = Static<typeof R.TranspiledRecord>;

/** An embedded session: a one-time URL that opens the hosted web app in an iframe. */
export type EmbedSessionRecord = Static<typeof R.EmbedSessionRecord>;

/** What an embedded session shows and for how long (the document's InitSessionRequest; the mode as given, checked by the command). */
export type EmbedSessionInput = Omit<Static<typeof W.InitSessionRequest>, 'projectId' | 'sessionMode'> & { projectId: string; sessionMode?: string };

export async function transpileSql(http: Http, dialect: string, query: string): Promise<TranspiledRecord | undefined> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/sql/transpile/${dialect}`, body: { query }, expect: 'optional-json' }), (b: unknown) => readTranspiled(b, dialect));
}

export function readTranspiled(value: unknown, dialect: string): TranspiledRecord {
  const result = object(value, 'a transpiled statement').result;
  if (typeof result !== 'string') throw new MalformedResponseError('the service answered no transpiled statement (no result)');
  return { dialect, result };
}

export function readEmbedSession(value: unknown): EmbedSessionRecord {
  const s = object(value, 'an embedded session');
  return { sessionUrl: text(s.sessionUrl), partnerOrigin: textOrNull(s.partnerOrigin) };
}

export async function initEmbedSession(http: Http, input: EmbedSessionInput): Promise<EmbedSessionRecord | undefined> {
  // The session URL opens the web app once, as its user: not for a --debug trace.
  return readAnswer(await http.request({ method: 'POST', path: '/ui/initSession', body: input, expect: 'optional-json', secretAnswer: true }), readEmbedSession);
}
