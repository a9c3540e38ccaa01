import { notImplemented } from '../errors.js';
import { Routes } from '../router.js';

// Operations whose work is the hosted service's own: routed so that their 501 says why, where the
// generic one only names the operation.

const NO_MODEL = 'the agent needs a language model, which only the hosted service runs';

export function hostedOnlyRoutes(): Routes {
  return new Routes()
    .post('/ai-agent/:projectId/chat/stream', () => {
      throw notImplemented('chatStream', NO_MODEL);
    })
    .post('/ai-agent/:projectId/chat', () => {
      throw notImplemented('chat', NO_MODEL);
    })
    .get('/ai-agent/workflow/png', () => {
      throw notImplemented('getWorkflowImage', "the agent's workflow is the hosted service's; no agent runs locally");
    })
    .get('/ai-agent/:projectId/threads', () => {
      throw notImplemented('listThreads', NO_MODEL);
    })
    .get('/ai-agent/:projectId/threads/:threadId', () => {
      throw notImplemented('getThread', NO_MODEL);
    })
    .put('/ai-agent/:projectId/threads/:threadId', () => {
      throw notImplemented('updateThread', NO_MODEL);
    })
    .delete('/ai-agent/:projectId/threads/:threadId', () => {
      throw notImplemented('deleteThread', NO_MODEL);
    })
    .post('/sql/transpile/:dialect', () => {
      throw notImplemented('transpileSQL', 'transpiling SQL to another dialect needs the hosted service\'s transpiler');
    })
    .post('/ui/initSession', () => {
      throw notImplemented('initSession', 'an embedded session opens the hosted service\'s web app, which the local gateway does not have');
    });
}
