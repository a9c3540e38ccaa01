import { createGatewayApp } from '../../src/gateway/app.js';
import { Gateway } from '../../src/gateway/gateway.js';
import type { ApiShape } from '../../src/gateway/present/index.js';
import { findOperation, responseProblems } from './conformance.js';
import type { Recorded, RecordingServer, Reply } from './recording-server.js';

/** The local gateway answering, behind a recording stand-in, what no scripted route answers. */
export interface GatewayBehind {
  gateway: Gateway;
  partnerKey: string;
  /** What is wrong with the answers given so far, judged by the document (see responseProblems). */
  answerProblems: string[];
  close(): Promise<void>;
}

/**
 * Puts an in-memory local gateway, in one API shape, behind `server`: each request the recorder
 * sees is recorded as usual, then answered by the gateway's app, and the answer is held to the
 * document. Commands spawned against the recorder so do real work while every request they send
 * and every answer they read is checked.
 */
export async function gatewayBehind(server: RecordingServer, apiShape: ApiShape): Promise<GatewayBehind> {
  const gateway = await Gateway.open();
  const app = createGatewayApp(gateway, { apiShape });
  const answerProblems: string[] = [];
  server.fallBackTo(async (req: Recorded) => {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // The recorder's own address: links the gateway makes (an export's downloads) lead back through it.
    const url = `${server.origin}/api/v1${req.path}${req.rawQuery ? `?${req.rawQuery}` : ''}`;
    const response = await app.fetch(new Request(url, { method: req.method, headers, body: req.body === '' ? undefined : req.body }));
    const text = await response.text();
    const found = findOperation(req.method, req.path);
    if (found) answerProblems.push(...responseProblems(found.operation, apiShape, { status: response.status, text }, req.query));
    const type = response.headers.get('content-type');
    const reply: Reply = { status: response.status, body: text, headers: type ? { 'content-type': type } : {} };
    return reply;
  });
  return { gateway, partnerKey: gateway.keys.partnerKey, answerProblems, close: () => gateway.close({ wait: false }) };
}
