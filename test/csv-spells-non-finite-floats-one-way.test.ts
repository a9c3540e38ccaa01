import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { useStandIn } from './support/stand-in.js';

// DuckDB's CSV (COPY, exports) writes a float that is no number as inf, -inf and nan, while dgw's
// writer printed a JSON answer's "Infinity" and "NaN" as they came: a statement answered as JSON
// (INSERT ... RETURNING) or dgw serve read as a remote zone gave other bytes for the same value.
const tmp = tempDir('dgw-csv-non-finite-');
afterAll(() => tmp.remove());

const LINE = 'd,f,t\ninf,-inf,NaN\n';

describe('CSV of floats that are no number', () => {
  it('is inf, -inf and nan on every path of the local gateway, text that reads NaN aside', async () => {
    const { dgw } = localCli(tmp.dir, 'spec');
    await dgw('sql', 'CREATE TABLE svc.table.floats (d DOUBLE, f FLOAT, t VARCHAR)');
    // Answered as JSON: a write has no COPY of its own.
    expect(await dgw('sql', "INSERT INTO svc.table.floats VALUES ('inf', '-inf', 'NaN') RETURNING *", '--format', 'csv')).toBe(LINE);
    expect(await dgw('sql', 'SELECT * FROM svc.table.floats', '--format', 'csv')).toBe(LINE);
    expect(await dgw('sql', 'SELECT * FROM svc.table.floats', '--format', 'csv', '--limit', '5')).toBe(LINE);
    await dgw('query', 'create', 'Floats', '--sql', 'SELECT * FROM svc.table.floats');
    const file = path.join(tmp.dir, 'floats.csv');
    await dgw('query', 'export', 'floats', '-o', file);
    expect(fs.readFileSync(file, 'utf8')).toBe(LINE);
  });

  describe('from a service that answers JSON naming the columns\' types', () => {
    const { server, dgw } = useStandIn('p');
    it('is spelled as DuckDB spells it', async () => {
      const body = { columns: [{ columnName: 'd', dataType: 'DOUBLE' }, { columnName: 'f', dataType: 'real' }, { columnName: 't', dataType: 'VARCHAR' }], data: [['Infinity', '-Infinity', 'NaN']] };
      server.on('POST', '/data/projects/p/queries/execute', { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      const r = await dgw(['sql', 'SELECT 1', '--format', 'csv']);
      expect([r.code, r.stdout], r.stderr).toEqual([0, LINE]);
    });
  });
});
