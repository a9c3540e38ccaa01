import { notImplemented } from '../errors.js';
import { Routes } from '../router.js';

// Operations whose work is the hosted service's own: routed so that their 501 says why, where the
// generic one only names the operation.

export function hostedOnlyRoutes(): Routes {
  return new Routes()
    .post('/sql/transpile/:dialect', () => {
      throw notImplemented('transpileSQL', 'transpiling SQL to another dialect needs the hosted service\'s transpiler');
    })
    .post('/ui/initSession', () => {
      throw notImplemented('initSession', 'an embedded session opens the hosted service\'s web app, which the local gateway does not have');
    });
}
