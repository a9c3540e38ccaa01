import { describe, expect, it } from 'vitest';
import { queryJson, useStandIn } from './support/stand-in.js';

// YAML 1.2 readers (the yaml package, go-yaml and so yq) read a plain 0o17 as the number 15, and go-yaml
// reads 0X1F and 0B11 as numbers too; dgw writes YAML 1.1, where they are text, so it must quote them.
const { server, dgw } = useStandIn();
const QUERIES = '/data/projects/proj-1/queries';
const texts = ['0o17', '0O17', '-0o17', '+0o17', '0o1_7', '0X1F', '0B11'];

describe('--format yaml', () => {
  it('quotes text that a YAML 1.2 reader takes for an octal, hex or binary number', async () => {
    server.on('GET', QUERIES, { json: texts.map((t, i) => queryJson({ id: String(i + 1), name: `q${i}`, displayName: t, queryType: 'PLAIN' })) });
    const r = await dgw(['query', 'list', '--format', 'yaml', '--json', 'displayName']);
    expect(r.code, r.stderr).toBe(0);
    for (const t of texts) expect(r.stdout).toContain(`displayName: "${t}"`);
    const { parse } = await import('yaml');
    expect(parse(r.stdout)).toEqual(texts.map((displayName) => ({ displayName })));
    expect(parse(r.stdout, { version: '1.1' })).toEqual(texts.map((displayName) => ({ displayName })));
  });
});
