import type { DuckDBConnection } from '@duckdb/node-api';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Radia', 'Ken', 'Margaret', 'Dennis', 'Hedy', 'Linus', 'Katherine', 'Tim', 'Sophie', 'Niklaus', 'Shafi', 'Guido'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'McCarthy', 'Perlman', 'Thompson', 'Hamilton', 'Ritchie', 'Lamarr', 'Torvalds', 'Johnson', 'Berners-Lee', 'Wilson', 'Wirth', 'Goldwasser', 'van Rossum'];
const COUNTRIES = ['GB', 'US', 'NL', 'DE', 'FR'];
const STATUSES = ['paid', 'paid', 'paid', 'shipped', 'refunded'];

/** The demo dataset, the same on every machine so the README's walk-through gives the same numbers. */
export async function seedDemo(conn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE TABLE svc."table".customers (customer_id BIGINT, name VARCHAR, country VARCHAR, signed_up DATE)`);
  for (let i = 1; i <= 20; i++) {
    const signedUp = new Date(Date.UTC(2023, (i * 5) % 12, 1 + ((i * 11) % 28))).toISOString().slice(0, 10);
    await conn.run('INSERT INTO svc."table".customers VALUES (?, ?, ?, ?::DATE)', [i, `${FIRST[i - 1]} ${LAST[i - 1]}`, COUNTRIES[i % COUNTRIES.length], signedUp]);
  }
  await conn.run(`CREATE TABLE svc."table".orders (order_id BIGINT, customer_id BIGINT, order_date DATE, amount DECIMAL(10,2), status VARCHAR)`);
  for (let i = 1; i <= 60; i++) {
    const customer = ((i * 7) % 20) + 1;
    const date = new Date(Date.UTC(2024, 0, 1 + ((i * 13) % 180))).toISOString().slice(0, 10);
    const amount = (((i * 37) % 400) + 10 + ((i * 17) % 100) / 100).toFixed(2);
    await conn.run('INSERT INTO svc."table".orders VALUES (?, ?, ?::DATE, ?::DECIMAL(10,2), ?)', [i, customer, date, amount, STATUSES[i % STATUSES.length]]);
  }
}
