import { expect, it } from 'vitest';
import { Http } from '../src/api/http.js';
import type { WireResponse } from '../src/api/transport.js';
import { afterSending, InterruptedError } from '../src/errors.js';
import type { SentCount } from '../src/run-record.js';

// The in-process gateway never interrupts a COMMIT: a Ctrl-C that came while a table import
// committed (3,000,000 rows; dgw killed with SIGINT about 3.7 s in) got the import's 200 answer,
// yet dgw said only "error: interrupted" (exit 130) with the rows in the table, so running it
// again imported them twice. A change answered 2xx after the interrupt is now counted as made.

/** An Http whose transport answers `status` after Ctrl-C came, as the in-process gateway does when the work had reached its COMMIT. */
function answeringAfterCtrlC(status: number): { http: Http; sent: SentCount } {
  const ctrlC = new AbortController();
  const sent: SentCount = { reads: 0, changes: 0 };
  const http = new Http({
    baseUrl: 'http://local.dgw/api/v1',
    apiKey: 'key-after-ctrl-c-1234',
    timeoutMs: 5000,
    signal: ctrlC.signal,
    sent,
    inProcess: true,
    localGateway: true,
    transport: async (): Promise<WireResponse> => {
      ctrlC.abort();
      return { status, statusText: '', header: () => 'application/json', whole: async () => '{}', read: async () => null, cancel: async () => undefined };
    },
  });
  return { http, sent };
}

it('Ctrl-C during the commit of a change: interrupted, saying the change was made and is kept', async () => {
  const { http, sent } = answeringAfterCtrlC(200);
  const error = await http.request({ method: 'POST', path: '/data/projects/demo/table/t/import', body: {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InterruptedError);
  expect(sent.made).toBe(1);
  expect((afterSending(error, sent) as InterruptedError).hint).toBe('the service had made 1 change before the interrupt, and kept it: check before running the command again');
});

it('Ctrl-C that stopped the work (499) or a read answered after it: nothing is counted as made', async () => {
  const stopped = answeringAfterCtrlC(499);
  await expect(stopped.http.request({ method: 'POST', path: '/data/projects/demo/table/t/import', body: {} })).rejects.toBeInstanceOf(InterruptedError);
  expect(stopped.sent.made).toBeUndefined();
  const read = answeringAfterCtrlC(200);
  await expect(read.http.request({ method: 'GET', path: '/data/projects/demo/table' })).rejects.toBeInstanceOf(InterruptedError);
  expect(read.sent.made).toBeUndefined();
});
