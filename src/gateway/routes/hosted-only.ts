import { notImplemented } from '../errors.js';
import { Routes } from '../router.js';

// Operations whose work is the hosted service's own: routed so that their 501 says why, where the generic one only names the operation.

const NO_MODEL = 'the agent needs a language model, which only the hosted service runs';

/** Each operation's method, path, name and why it is the hosted service's. */
const HOSTED_ONLY: ReadonlyArray<readonly ['get' | 'post' | 'put' | 'delete', string, string, string]> = [
  ['post', '/ai-agent/:projectId/chat/stream', 'chatStream', NO_MODEL],
  ['post', '/ai-agent/:projectId/chat', 'chat', NO_MODEL],
  ['get', '/ai-agent/workflow/png', 'getWorkflowImage', "the agent's workflow is the hosted service's; no agent runs locally"],
  ['get', '/ai-agent/:projectId/threads', 'listThreads', NO_MODEL],
  ['get', '/ai-agent/:projectId/threads/:threadId', 'getThread', NO_MODEL],
  ['put', '/ai-agent/:projectId/threads/:threadId', 'updateThread', NO_MODEL],
  ['delete', '/ai-agent/:projectId/threads/:threadId', 'deleteThread', NO_MODEL],
  ['post', '/sql/transpile/:dialect', 'transpileSQL', "transpiling SQL to another dialect needs the hosted service's transpiler"],
  ['post', '/ui/initSession', 'initSession', "an embedded session opens the hosted service's web app, which the local gateway does not have"],
];

/** A route's handler that answers 501: `operation` is the hosted service's own, for the reason `why`. */
export const hostedOnly = (operation: string, why: string) => (): never => {
  throw notImplemented(operation, why);
};

export function hostedOnlyRoutes(): Routes {
  const r = new Routes();
  for (const [method, path, operation, why] of HOSTED_ONLY) r[method](path, hostedOnly(operation, why));
  return r;
}
