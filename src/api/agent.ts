import type { Http } from './http.js';
import { apiPath } from './path.js';
import { InterruptedError } from '../errors.js';
import { restBytes } from './transport.js';

// The project's agent (`/ai-agent/{projectId}/...`). The document gives the streamed chat as
// server-sent events whose data are open objects, and the threads as open objects: what dgw reads
// of them is in commands/ask/exchange.ts.

/** One server-sent event: its name (`message` when it has none) and its data, parsed when it is JSON. */
export interface AgentEvent {
  event: string;
  data: unknown;
}

/** What a question is sent with: the thread to continue, and whether the agent may run SQL. */
export interface ChatInput {
  message: string;
  threadId?: string;
  noExecute?: boolean;
}

/** Asks the agent and yields its answer's events as they come; the signal (Ctrl-C) stops the stream. */
export async function* chatStream(http: Http, projectId: string, input: ChatInput, signal: AbortSignal): AsyncGenerator<AgentEvent> {
  const response = await http.open({ method: 'POST', path: apiPath`/ai-agent/${projectId}/chat/stream`, body: input, accept: 'text/event-stream', timeoutMs: false, signal });
  if (!response) return;
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      const chunk = await response.read();
      pending += chunk === null ? decoder.decode() : decoder.decode(chunk, { stream: true });
      // Events end at a blank line; the last may end with the stream.
      const parts = pending.split(/\r?\n\r?\n/);
      pending = chunk === null ? '' : (parts.pop() ?? '');
      for (const part of parts) {
        const event = parseEvent(part);
        if (event) yield event;
      }
      if (chunk === null) return;
    }
  } catch (error) {
    if (signal.aborted) throw new InterruptedError();
    throw error;
  } finally {
    await response.cancel().catch(() => undefined);
  }
}

/** Asks the agent without streaming (`chat`): the whole answer, an open object, as one event; --timeout bounds the wait. */
export async function chat(http: Http, projectId: string, input: ChatInput): Promise<AgentEvent> {
  const data = await http.request({ method: 'POST', path: apiPath`/ai-agent/${projectId}/chat`, body: input });
  return { event: 'message', data };
}

/** The agent's workflow as a PNG image (`getWorkflowImage`), whole. */
export async function workflowImage(http: Http): Promise<Uint8Array> {
  const response = await http.open({ method: 'GET', path: '/ai-agent/workflow/png', accept: 'image/png' });
  return response ? restBytes(response) : new Uint8Array();
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
