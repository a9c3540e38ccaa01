import type { DuckDBConnection } from '@duckdb/node-api';
import { literal } from './sql.js';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Radia', 'Ken', 'Margaret', 'Dennis', 'Hedy', 'Linus', 'Katherine', 'Tim', 'Sophie', 'Niklaus', 'Shafi', 'Guido'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'McCarthy', 'Perlman', 'Thompson', 'Hamilton', 'Ritchie', 'Lamarr', 'Torvalds', 'Johnson', 'Berners-Lee', 'Wilson', 'Wirth', 'Goldwasser', 'van Rossum'];
const COUNTRIES = ['GB', 'US', 'NL', 'DE', 'FR'];
const STATUSES = ['paid', 'paid', 'paid', 'shipped', 'refunded'];

/** The demo dataset, the same on every machine so the README's walk-through gives the same numbers. */
export async function seedDemo(conn: DuckDBConnection): Promise<void> {
  const customers = numbered(20, (i) => [i, `${FIRST[i - 1]} ${LAST[i - 1]}`, COUNTRIES[i % COUNTRIES.length], day(Date.UTC(2023, (i * 5) % 12, 1 + ((i * 11) % 28)))]);
  const orders = numbered(60, (i) => [i, ((i * 7) % 20) + 1, day(Date.UTC(2024, 0, 1 + ((i * 13) % 180))), (((i * 37) % 400) + 10 + ((i * 17) % 100) / 100).toFixed(2), STATUSES[i % STATUSES.length]]);
  await conn.run(`CREATE TABLE svc."table".customers (customer_id BIGINT, name VARCHAR, country VARCHAR, signed_up DATE)`);
  // One statement per table, its values written in: a row at a time, or as parameters, took a new project's first command 90 and 10 ms.
  await conn.run(`INSERT INTO svc."table".customers VALUES ${valuesSql(customers)}`);
  await conn.run(`CREATE TABLE svc."table".orders (order_id BIGINT, customer_id BIGINT, order_date DATE, amount DECIMAL(10,2), status VARCHAR)`);
  await conn.run(`INSERT INTO svc."table".orders VALUES ${valuesSql(orders)}`);
}

/** Rows as SQL VALUES: numbers as they are, text quoted (the table's column types cast it). */
function valuesSql(rows: Array<Array<string | number>>): string {
  return rows.map((row) => `(${row.map((v) => (typeof v === 'number' ? String(v) : literal(v))).join(', ')})`).join(', ');
}

function numbered(count: number, row: (i: number) => Array<string | number>): Array<Array<string | number>> {
  return Array.from({ length: count }, (_, k) => row(k + 1));
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
