import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// `dgw driver list --catalog "$CATALOG"` with the variable unset asked for catalogName= and printed strings
// as if no catalog were named; it is refused before anything is sent, as `driver sqlalchemy ""` is.
const { server, dgw } = useStandIn();

describe('driver list --catalog', () => {
  it.each(['', '  '])('%j exits 2 naming --catalog and sends nothing', async (catalog) => {
    const r = await dgw(['driver', 'list', '--catalog', catalog]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('--catalog must not be empty');
    expect(server.requests).toHaveLength(0);
  });
});
