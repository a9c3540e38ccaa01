import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './gateway/helpers.js';
import { localCli } from './support/local-cli.js';

// `table sample` of an empty table makes up values of each column's type, as "a template for
// import". It wrote "sample text 1" for a list, struct, map, interval or JSON column, 1017 for a
// TINYINT and 112.5 for a DECIMAL(3,2), none of which the column takes: importing the template
// into its own table was refused (exit 6). Every made-up value now imports; a nested column's
// field is left empty.
const tmp = tempDir('dgw-sample-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

describe('table sample of an empty table', () => {
  it('imports back into that table, every column typed as it is', async () => {
    const columns = [
      'l INTEGER[]', 's STRUCT(a INTEGER, b VARCHAR)', 'm MAP(VARCHAR, INTEGER)', 'ts_list TIMESTAMP[]', 'pair INTEGER[2]', 'e ENUM(\'x\', \'y\')',
      'iv INTERVAL', 'j JSON', 'b BIT', 'tiny TINYINT', 'utiny UTINYINT', 'small_dec DECIMAL(3,2)', 'all_scale DECIMAL(3,3)', 'whole DECIMAL(5,0)',
      'big HUGEINT', 'd DECIMAL(18,3)', 'f DOUBLE', 'name VARCHAR', 'day DATE', 'at_time TIMESTAMP', 'tz TIMESTAMPTZ', 'u UUID', 'ok BOOLEAN', 't TIME',
    ];
    await dgw('sql', `CREATE TABLE svc.table.template (${columns.join(', ')})`);
    const sample = await dgw('table', 'sample', 'template');
    const file = path.join(tmp.dir, 'template.csv');
    fs.writeFileSync(file, sample);
    const r = await run('table', 'import', 'template', file);
    expect(r.code, r.stderr).toBe(0);
    expect(await dgw('sql', 'SELECT count(*) AS n, count(tiny) AS tiny, count(small_dec) AS dec, count(iv) AS iv, count(j) AS j, count(l) AS l FROM svc.table.template')).toBe('3\t3\t3\t3\t3\t0\n');
    expect(await dgw('sql', 'SELECT tiny, small_dec, iv, j FROM svc.table.template ORDER BY tiny', '--format', 'csv')).toBe('tiny,small_dec,iv,j\n17,1.50,1 day,"""sample text 1"""\n27,2.50,2 days,"""sample text 2"""\n37,3.50,3 days,"""sample text 3"""\n');
  });
});
