import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_OPERATIONS } from '../../src/gateway/document-operations.js';
import { runAsBinaryWould } from '../support/in-process.js';
import { tempDir } from '../support/dgw.js';
import { openGateway, type TestGateway } from './helpers.js';

// No operation of the hosted service's document is answered "no such endpoint": each is routed,
// or answered 501 naming itself (the hosted service has it), and a path in no operation stays 404.

const here = path.dirname(fileURLToPath(import.meta.url));
const SPEC = [process.env.DGW_OPENAPI, path.resolve(here, '../../../shared/spec/peaka-openapi.json'), path.resolve(here, '../../../../shared/spec/peaka-openapi.json')].find(
  (p): p is string => p !== undefined && fs.existsSync(p),
);

describe('every operation of the document', () => {
  let g: TestGateway;
  const work = tempDir('dgw-every-op-');
  beforeAll(async () => {
    g = await openGateway({ dataDir: work.dir });
  });
  afterAll(async () => {
    await g.close();
    work.remove();
  });

  it('is routed, or answered 501 naming itself; never 404 "no such endpoint"', async () => {
    expect(DOCUMENT_OPERATIONS.length).toBe(137);
    const notImplemented: string[] = [];
    for (const [method, template, operationId] of DOCUMENT_OPERATIONS) {
      // Parameters get values of the demo project where one is a project, plausible words elsewhere.
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'projectId' ? 'demo' : name === 'catalogId' ? '1' : `x${name}`));
      const r = await g.call(method, url, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
      expect(r.text, `${method} ${template}`).not.toMatch(/no such endpoint/);
      if (r.status === 501) {
        expect(r.body, `${method} ${template}`).toMatchObject({ errorCode: 'NOT_IMPLEMENTED', operationId: expect.any(String) });
        expect(r.body.message, `${method} ${template}`).toContain(operationId);
        notImplemented.push(operationId);
      }
    }
    // The CLI's and the hosted-only routes answer; the rest is the document's other tags.
    expect(notImplemented.length).toBeGreaterThan(0);
    expect(notImplemented.length).toBeLessThan(137);
    // docs/local-gateway.md lists them between its markers, in the document's order.
    const docs = fs.readFileSync(path.resolve(here, '../../docs/local-gateway.md'), 'utf8');
    const block = /<!-- 501 operations -->\n([\s\S]*?)<!-- end of 501 operations -->/.exec(docs)?.[1];
    const expected = DOCUMENT_OPERATIONS.filter(([, , id]) => notImplemented.includes(id)).map(([method, template, id]) => `- \`${id}\` (${method} ${template})\n`).join('');
    // DGW_UPDATE_DOCS=1 writes the list, as `vitest -u` updates a snapshot.
    if (process.env.DGW_UPDATE_DOCS && block !== undefined) fs.writeFileSync(path.resolve(here, '../../docs/local-gateway.md'), docs.replace(`<!-- 501 operations -->\n${block}<!-- end`, `<!-- 501 operations -->\n${expected}<!-- end`));
    else expect(block, 'docs/local-gateway.md is stale: DGW_UPDATE_DOCS=1 npx vitest run test/gateway/every-operation-answered.test.ts').toBe(expected);
  });

  it('a path in no operation is still 404', async () => {
    const r = await g.call('GET', '/data/projects/demo/nothing-here');
    expect([r.status, r.body.message]).toEqual([404, expect.stringMatching(/no such endpoint/)]);
  });

  it('the CLI says so plainly, with exit 15', async () => {
    const r = await runAsBinaryWould(['--zone', 'local', 'api', 'POST', '/sql/transpile/trino', '-f', 'sql=SELECT 1'], { env: { DGW_LOCAL_DIR: path.join(work.dir, 'cli'), DGW_CONFIG_DIR: path.join(work.dir, 'config') } });
    expect(r.code, r.stderr).toBe(15);
    expect(r.stderr).toMatch(/the local gateway does not implement transpileSQL/);
  });
});

describe.skipIf(!SPEC)('src/gateway/document-operations.ts', () => {
  it('is what scripts/gen-operations.mjs writes from the document (npm run operations)', async () => {
    const { operationsFile } = (await import(path.resolve(here, '../../scripts/gen-operations.mjs'))) as { operationsFile: (spec: unknown) => string };
    const expected = operationsFile(JSON.parse(fs.readFileSync(SPEC!, 'utf8')));
    expect(fs.readFileSync(path.resolve(here, '../../src/gateway/document-operations.ts'), 'utf8')).toBe(expected);
  });
});
