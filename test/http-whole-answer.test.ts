import { describe, expect, it } from 'vitest';
import { Http, type JsonText } from '../src/api/http.js';
import { textOf, type WireResponse } from '../src/api/transport.js';
import { MalformedResponseError, ApiError } from '../src/errors.js';

// The network transport hands an answer's body over as the bytes that came (WireResponse.whole);
// the HTTP layer decodes them only when it reads them as text. Here a transport answers with
// bytes, and the layer must judge them as it judged their text: empty, a page, JSON, an error.

/** An Http whose one answer is `status`, `headers` and the body `whole`. */
function answering(status: number, whole: string | Uint8Array, headers: Record<string, string> = { 'content-type': 'application/json' }): Http {
  return new Http({
    baseUrl: 'http://127.0.0.1:9/api/v1',
    apiKey: 'whole-answer-key-1234',
    timeoutMs: 5000,
    retries: 0,
    transport: async (): Promise<WireResponse> => ({
      status,
      statusText: status === 200 ? 'OK' : 'Internal Server Error',
      header: (name) => headers[name.toLowerCase()],
      whole: async () => whole,
      read: async () => null,
      cancel: async () => undefined,
    }),
  });
}

const get = (http: Http, expect: 'json' | 'json-text' = 'json') => http.request<unknown>({ method: 'GET', path: '/x', expect });

describe('an answer handed over as bytes', () => {
  it('JSON in UTF-8 is parsed; as json-text it is the very bytes, its text decoded when asked for', async () => {
    const bytes = Buffer.from('[{"name":"Grüße 東京 😀"}]');
    expect(await get(answering(200, bytes))).toEqual([{ name: 'Grüße 東京 😀' }]);
    const answer = (await get(answering(200, bytes), 'json-text')) as JsonText;
    expect(answer.whole).toBe(bytes);
    expect(answer.text).toBe(textOf(bytes));
    expect(answer.parse()).toEqual([{ name: 'Grüße 東京 😀' }]);
  });

  it('only white space is an empty answer; a page is a page, by its type or by its first tag after white space', async () => {
    for (const [whole, headers, message] of [
      [Buffer.from(' \n\t '), undefined, /empty response/],
      [Buffer.from('\ufeff'), undefined, /empty response/],
      [Buffer.from('\n  <!DOCTYPE html><html></html>'), undefined, /HTML page/],
      [Buffer.from('[1]'), { 'content-type': 'text/html' }, /HTML page/],
      [Buffer.from('{"a":1}'), { 'content-type': 'text/html; charset=utf-8' }, /HTML page/],
      [Buffer.from('[1,'), undefined, /malformed or truncated JSON/],
      [Buffer.from('\ufeff[1]'), undefined, /malformed or truncated JSON/],
    ] as const) {
      for (const expectAs of ['json', 'json-text'] as const) {
        const failure = await get(answering(200, whole, headers ?? { 'content-type': 'application/json' }), expectAs).then(
          (value) => (expectAs === 'json-text' ? (value as JsonText).parse() : value),
        ).catch((error: unknown) => error);
        expect(failure, `${JSON.stringify(whole.toString())} as ${expectAs}`).toBeInstanceOf(MalformedResponseError);
        expect(String((failure as Error).message)).toMatch(message);
      }
    }
  });

  it('an error answer\'s bytes are read as text for its message, bad UTF-8 as U+FFFD', async () => {
    const failure = await get(answering(500, Buffer.concat([Buffer.from('{"message":"disk '), Buffer.from([0xff]), Buffer.from(' full"}')]))).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as Error).message).toContain('disk \ufffd full');
  });
});
