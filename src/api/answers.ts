import { maskKey } from '../config/settings.js';
import { ApiError, AuthError, DgwError, MalformedResponseError } from '../errors.js';
import { parseJsonExact } from './exact-numbers.js';
import { localGatewayFault } from './failures.js';
import type { JsonText, RequestSpec } from './request-spec.js';
import { textOf, type WireResponse } from './transport.js';

/** An answer whose body has been read. */
export interface Answer extends Pick<WireResponse, 'status' | 'statusText' | 'header'> {
  /** The body as the transport gave it (see WireResponse.whole). */
  whole: string | Uint8Array;
  /** The body as text, decoded when first asked for: a list of 10,000 queries may be printed from its bytes. */
  readonly text: string;
}

export function answered(response: WireResponse, whole: string | Uint8Array): Answer {
  let text: string | undefined;
  return {
    status: response.status,
    statusText: response.statusText,
    header: (name) => response.header(name),
    whole,
    get text() {
      return (text ??= textOf(whole));
    },
  };
}

/** A 2xx answer's body as `spec.expect` asks: parsed JSON, a JsonText, or nothing; an empty body or a web page is the service's fault. */
export function readBody<T>(response: Answer, spec: RequestSpec): T {
  const expect = spec.expect ?? 'json';
  if (expect === 'none') return undefined as T;
  // An answer that starts as JSON does (`[`, `{`) is neither empty nor a page's text: its bytes need not be decoded to tell.
  const startsAsJson = startsWithBracket(response.whole);
  if (!startsAsJson && response.text.trim() === '') {
    if (expect === 'optional-json' || expect === 'any') return undefined as T;
    throw new MalformedResponseError(`the service sent an empty response to ${spec.method} ${spec.path} where JSON was expected`, response.status);
  }
  if (looksLikeHtml(response, startsAsJson)) {
    throw new MalformedResponseError(`the service sent an HTML page instead of JSON (HTTP ${response.status}); is the base URL right?`, response.status);
  }
  if (expect === 'any' && !/\bjson\b/i.test(response.header('content-type') ?? 'json')) return (typeof response.whole === 'string' ? Buffer.from(response.whole) : response.whole) as T;
  const parse = () => {
    const text = response.text;
    try {
      return spec.keepDigits ? parseJsonExact(text, spec.keepDigits) : JSON.parse(text);
    } catch {
      throw new MalformedResponseError(`the service sent malformed or truncated JSON (HTTP ${response.status}, ${text.length} bytes)`, response.status);
    }
  };
  if (expect === 'json-text') {
    return {
      whole: response.whole,
      get text() {
        return response.text;
      },
      parse,
    } satisfies JsonText as T;
  }
  return parse() as T;
}

/** An error answer's body for its message: JSON when it says so or starts as an object (the document lets most errors come as any type), else its text; undefined when empty or unreadable JSON. */
export function errorData(answer: Answer): unknown {
  if (answer.text === '') return undefined;
  const json = /json/i.test(answer.header('content-type') ?? '');
  if (!json && !answer.text.trimStart().startsWith('{')) return answer.text;
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return json ? undefined : answer.text;
  }
}

export function errorCodeOf(data: unknown): unknown {
  return data && typeof data === 'object' ? (data as { errorCode?: unknown }).errorCode : undefined;
}

/** Reads the error body: `message`, then `error`, then the status text (hosted-service-notes.md); `said` is the body's text alone. */
export function describeErrorBody(data: unknown, status: number, statusText: string): { message: string; errorCode?: string | number; said?: string } {
  if (typeof data === 'string' && /^\s*</.test(data)) return { message: `HTTP ${status} ${statusText} (the service sent an HTML error page)`.trim() };
  const body = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const errorCode = typeof body.errorCode === 'string' || typeof body.errorCode === 'number' ? body.errorCode : undefined;
  const text = typeof body.message === 'string' && body.message ? body.message : typeof body.error === 'string' && body.error ? body.error : typeof data === 'string' ? data.trim() : undefined;
  const said = text && text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  if (said) return { message: `${said} (HTTP ${status})`, errorCode, said };
  return { message: `HTTP ${status} ${statusText}`.trim(), errorCode };
}

/** Puts `shown` in place of a secret in a text; one shorter than 8 characters only where it stands alone (a key `k` must not turn "unknown" into "un****nown"). */
export function hideSecret(text: string, secret: string, shown: string): string {
  if (secret === '') return text;
  if (secret.length >= 8) return text.split(secret).join(shown);
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, 'g'), () => shown);
}

/** Masks every `"apiKey"` value, every `"callbackToken"` (a hook's credential, as an answer may carry it) and every link's query (a signed link's signature): a created key's secret is printed once on stdout, never in a --debug trace. */
export function redactSecrets(text: string): string {
  return text
    .replace(/(https?:\/\/[^\s"?#]*)\?[^\s"#]*/g, '$1?…')
    .replace(/("apiKey"\s*:\s*")((?:[^"\\]|\\.)*)"/g, (_m, head: string, secret: string) => `${head}${maskKey(secret)}"`)
    .replace(/("callbackToken"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1"***"');
}

/** True for an answer that is a web page: said so by its content type, or starting with a page's first tag (not when it starts with `[` or `{`). */
function looksLikeHtml(response: Answer, startsAsJson: boolean): boolean {
  const type = response.header('content-type') ?? '';
  return type.includes('text/html') || (!startsAsJson && /^\s*<(!doctype|html)/i.test(response.text));
}

function startsWithBracket(whole: string | Uint8Array): boolean {
  const first = typeof whole === 'string' ? whole.charCodeAt(0) : whole[0];
  return first === 0x5b || first === 0x7b;
}

/** How `errorOf` words an error answer: the request's URL, whether the local gateway answered, how a text is redacted. */
export interface ErrorWording {
  url: string;
  localGateway: boolean;
  redact: (text: string) => string;
  /** The hint of a refused key (401) where the command knows more of the key than the service says. */
  refusedKeyHint?: string;
}

/** A non-2xx answer as dgw's error: a refused redirect, a fault of this machine (local gateway), or the service's error. */
export function errorOf(answer: Answer, spec: RequestSpec, wording: ErrorWording): DgwError {
  const { redact } = wording;
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.header('location');
    // The Location as an absolute URL where it reads as one, else quoted as JSON (control characters escaped).
    const target = location ? ` to ${redact(URL.parse(location, wording.url)?.toString() ?? JSON.stringify(location))}` : '';
    return new DgwError('service', `the service answered ${spec.method} ${spec.path} with a redirect (HTTP ${answer.status})${target}; dgw follows no redirect, so a request and its key go only to the base URL in use`, {
      status: answer.status,
      hint: 'if the service has moved, use its new address as --base-url (and log in for it: a stored key goes only to the host it was stored for)',
    });
  }
  const described = describeErrorBody(errorData(answer), answer.status, answer.statusText);
  const after = answer.status === 429 || answer.status === 503 ? answer.header('retry-after') : undefined;
  const message = after && after !== '0' ? `${described.message}; the service asks to try again ${/^\d+$/.test(after) ? `in ${after} s` : `after ${after}`}` : described.message;
  const { errorCode } = described;
  if (answer.status === 401 && wording.refusedKeyHint) return new AuthError(redact(message), { hint: wording.refusedKeyHint, status: 401, errorCode });
  // A fault of this machine is no answer of a service's: no HTTP status in its words, in-process or served.
  return (wording.localGateway ? localGatewayFault(errorCode, redact(described.said ?? message)) : undefined) ?? new ApiError(answer.status, redact(message), errorCode);
}

/** The same answer, whose body's first 4,000 characters go to `trace` once read (a body may be huge); of an image's bytes, their count (they would print as garbage). */
export function tracedBody(response: WireResponse, trace: (text: string) => void): WireResponse {
  const decoder = new TextDecoder();
  let start = '';
  let done = false;
  const type = response.header('content-type') ?? '';
  const binary = /^(image|audio|video)\/|octet-stream/i.test(type);
  let bytes = 0;
  const flush = (more: boolean) => {
    if (done) return;
    done = true;
    if (binary) trace(`(${more ? 'at least ' : ''}${bytes} bytes of ${type}, not shown)`);
    else if (start) trace(more ? `${start.slice(0, 4000)}…` : start);
  };
  return {
    ...response,
    header: (name) => response.header(name),
    async read() {
      const chunk = await response.read();
      if (chunk === null) flush(false);
      else if (binary) bytes += chunk.byteLength;
      else if (!done) {
        start += decoder.decode(chunk, { stream: true });
        if (start.length > 4000) flush(true);
      }
      return chunk;
    },
    async whole() {
      const whole = await response.whole();
      if (binary) bytes = typeof whole === 'string' ? Buffer.byteLength(whole) : whole.byteLength;
      else start = textOf(whole);
      flush(!binary && start.length > 4000);
      return whole;
    },
    async cancel() {
      flush(true);
      await response.cancel();
    },
  };
}
