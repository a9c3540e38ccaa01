import { buffer } from 'node:stream/consumers';
import type { Static } from 'typebox';
import type * as R from '../contract/records.js';
import { MalformedResponseError } from '../errors.js';
import { bodyChunks } from './body-chunks.js';
import type { Http, OpenAnswer } from './http.js';
import { apiPath } from './path.js';
import { readWithin } from './transport.js';
import type * as W from '../wire/index.js';

// The project's agent (`/ai-agent/{projectId}/...`): the document leaves its chat events and threads open objects;
// what dgw reads of them is in commands/ask/exchange.ts.

/** One server-sent event: its name (`message` when it has none) and its data, parsed when it is JSON. */
export type AgentEvent = Static<typeof R.AskExchange>['events'][number];

/** What a question is sent with: the thread to continue, and whether the agent may run SQL. */
export type ChatInput = Static<typeof W.AIAgentChatRequestDto>;

/** Asks the agent and yields its answer's events as they come; --timeout bounds the wait for the head and each silence, the signal (Ctrl-C) stops the stream. */
export async function* chatStream(http: Http, projectId: string, input: ChatInput, signal: AbortSignal): AsyncGenerator<AgentEvent> {
  const response = await http.open({ method: 'POST', path: apiPath`/ai-agent/${projectId}/chat/stream`, body: input, accept: 'text/event-stream', signal });
  if (!response) return;
  await refuseUnlike(response, 'text/event-stream', 'an event stream', http.timeoutMs);
  const decoder = new TextDecoder();
  let pending = '';
  let events = 0;
  for await (const chunk of bodyChunks(response, { signal, idleMs: http.timeoutMs, what: "the agent's answer" })) {
    pending += decoder.decode(chunk, { stream: true });
    // Events end at a blank line.
    const parts = pending.split(/\r?\n\r?\n/);
    pending = parts.pop() ?? '';
    for (const part of parts) {
      const event = parseEvent(part);
      if (!event) continue;
      events += 1;
      yield event;
    }
  }
  // The last event may end with the stream.
  const event = parseEvent(pending + decoder.decode());
  if (event) yield event;
  else if (events === 0) throw new MalformedResponseError('the agent answered an event stream with no event in it: no answer, no thread');
}

/** A 2xx answer of another type than asked (an HTML sign-in page, a JSON error) is the service's failure (exit 8), not an empty success. */
async function refuseUnlike(response: OpenAnswer, type: string, what: string, limitMs: number): Promise<void> {
  const given = response.header('content-type') ?? '';
  if (given.toLowerCase().startsWith(type)) return;
  const text = await readWithin(response, limitMs);
  throw new MalformedResponseError(`the service answered ${given || 'a body of no type'} where ${what} was expected${text.trim() ? `: ${JSON.stringify(text.slice(0, 200))}` : ''}`);
}

/** Asks the agent without streaming (`chat`): the whole answer, an open object, as one event; --timeout bounds the wait. */
export async function chat(http: Http, projectId: string, input: ChatInput): Promise<AgentEvent> {
  const data = await http.request({ method: 'POST', path: apiPath`/ai-agent/${projectId}/chat`, body: input });
  return { event: 'message', data };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The agent's workflow as a PNG image (`getWorkflowImage`), whole; anything but a PNG is the service's failure (exit 8). */
export async function workflowImage(http: Http, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await http.open({ method: 'GET', path: '/ai-agent/workflow/png', accept: 'image/png' });
  if (!response) return new Uint8Array();
  const image = await buffer(bodyChunks(response, { signal, idleMs: http.timeoutMs, what: "the agent's workflow image" }));
  if (!image.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    const type = response.header('content-type') ?? 'no type';
    throw new MalformedResponseError(`the service answered ${image.length} bytes of ${type} that are not a PNG image where the workflow image was expected`);
  }
  return image;
}

/** One event's lines: `event:` names it, `data:` lines join with line breaks, `:` lines are comments. */
export function parseEvent(text: string): AgentEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const at = line.indexOf(':');
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  const joined = data.join('\n');
  try {
    return { event, data: JSON.parse(joined) as unknown };
  } catch {
    return { event, data: joined };
  }
}

export function listThreads(http: Http, projectId: string): Promise<unknown> {
  return http.request({ method: 'GET', path: apiPath`/ai-agent/${projectId}/threads` });
}

export function getThread(http: Http, projectId: string, threadId: string): Promise<unknown> {
  return http.request({ method: 'GET', path: apiPath`/ai-agent/${projectId}/threads/${threadId}` });
}

export function renameThread(http: Http, projectId: string, threadId: string, displayName: string): Promise<unknown> {
  return http.request({ method: 'PUT', path: apiPath`/ai-agent/${projectId}/threads/${threadId}`, body: { displayName }, expect: 'optional-json' });
}

export function deleteThread(http: Http, projectId: string, threadId: string): Promise<unknown> {
  return http.request({ method: 'DELETE', path: apiPath`/ai-agent/${projectId}/threads/${threadId}`, expect: 'optional-json' });
}
