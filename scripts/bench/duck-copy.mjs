// Baseline of the data rows of `npm run bench`: a bare Node script that opens a DuckDB file with
// @duckdb/node-api and runs one statement, nothing else. `node duck-copy.mjs <db> <sql>`:
// COPY (SELECT * FROM big) TO '<file>' (HEADER) for the export and sql rows, CREATE TABLE AS
// SELECT * FROM read_csv(...) for the import row.
import { DuckDBInstance } from '@duckdb/node-api';

const [db, sql] = process.argv.slice(2);
const instance = await DuckDBInstance.create(db);
const conn = await instance.connect();
await conn.run(sql);
conn.closeSync();
instance.closeSync();
