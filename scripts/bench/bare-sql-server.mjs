// Baseline of the run-SQL throughput row of `npm run bench`: a bare node:http server on
// @duckdb/node-api answering POST .../queries/execute?format=SIMPLE with the same JSON dgw serve
// sends (`{columns, data}`, rows as objects), on a DuckDB file holding the same table. Per request:
// a connection from a small pool, the statement run, its rows converted by DuckDB's own JSON
// converter, JSON.stringify. Prints `listening <port>`; exits when stdin closes.
import http from 'node:http';
import { DuckDBInstance } from '@duckdb/node-api';

const instance = await DuckDBInstance.create(process.argv[2], { access_mode: 'READ_ONLY' });
const pool = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c) => (body += c));
  req.on('end', async () => {
    const conn = pool.pop() ?? (await instance.connect());
    try {
      const reader = await conn.runAndReadAll(JSON.parse(body).statement);
      const columns = reader.columnNames().map((columnName, i) => ({ catalogName: null, schemaName: null, tableName: null, columnName, dataType: String(reader.columnType(i)) }));
      const text = JSON.stringify({ columns, data: reader.getRowObjectsJson() });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errorCode: 'SQL_ERROR', message: String(error) }));
    } finally {
      pool.push(conn);
    }
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
