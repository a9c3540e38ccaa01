// The floor an in-process `dgw --zone local` command is compared with: a bare Node script that
// imports @duckdb/node-api, opens the same database file, runs one statement and prints its rows
// as JSON. Nothing else: no CLI, no settings, no gateway.
// `node duckdb-floor.mjs FILE SQL`
import { DuckDBInstance } from '@duckdb/node-api';

const [file, sql] = process.argv.slice(2);
const instance = await DuckDBInstance.create(file);
const conn = await instance.connect();
const reader = await conn.runAndReadAll(sql);
process.stdout.write(`${JSON.stringify(reader.getRowsJS())}\n`);
conn.closeSync();
instance.closeSync();
