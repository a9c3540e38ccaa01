import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A folder connection's table name belongs to the file that first had it, present or gone: a file
// arriving later never takes it, so a description or cache made for one file never applies to
// another. The newcomer gets the next free name, _2, _3. Before, a newcomer whose name was exact
// (orders.csv beside Orders.csv) or sorted first took the name and its description with it.

const tmp = tempDir('dgw-file-keeps-name-');
afterAll(() => tmp.remove());

describe('a folder connection\'s table name stays with its file', () => {
  const { dgw, json } = localCli(tmp.dir, 'spec');
  const inbox = join(tmp.dir, 'inbox');
  // Metadata shows the tables as its last refresh read them.
  const description = async (table: string) => {
    await dgw('metadata', 'refresh', '--catalog', 'inbox', '--wait');
    return (await json('metadata', 'get', '--catalog', 'inbox')).find((t: { tableName: string }) => t.tableName === table).tableDescription;
  };

  it('Orders.csv keeps orders and its description when orders.csv arrives, which becomes orders_2', async () => {
    mkdirSync(inbox);
    writeFileSync(join(inbox, 'Orders.csv'), 'who\nfrom Orders.csv\n');
    await dgw('connection', 'create', 'inbox', '--type', 'csv', '--field', `path=${inbox}`);
    await dgw('metadata', 'describe', 'inbox.main.orders', '--description', 'the orders of Orders.csv');
    await dgw('cache', 'create', 'inbox.main.orders');
    writeFileSync(join(inbox, 'orders.csv'), 'who\nfrom orders.csv\n');
    await dgw('cache', 'refresh', 'inbox.main.orders', '--wait');
    expect(await dgw('sql', 'SELECT who FROM svc.cache.orders')).toBe('from Orders.csv\n');
    expect(await dgw('sql', 'SELECT who FROM inbox.main.orders')).toBe('from Orders.csv\n');
    expect(await dgw('sql', 'SELECT who FROM inbox.main.orders_2')).toBe('from orders.csv\n');
    expect(await description('orders')).toBe('the orders of Orders.csv');
    expect(await description('orders_2')).toBeNull();
  });

  it('a file that takes the place of a removed one with the same name after the rule gets a name of its own', async () => {
    rmSync(join(inbox, 'Orders.csv'));
    writeFileSync(join(inbox, 'ORDERS.csv'), 'who\nfrom ORDERS.csv\n');
    expect(await dgw('sql', 'SELECT who FROM inbox.main.orders_3')).toBe('from ORDERS.csv\n');
    expect(await description('orders_3')).toBeNull();
    expect(await dgw('sql', 'SELECT who FROM inbox.main.orders_2')).toBe('from orders.csv\n');
    // The file that had the name comes back to it.
    writeFileSync(join(inbox, 'Orders.csv'), 'who\nfrom Orders.csv again\n');
    expect(await dgw('sql', 'SELECT who FROM inbox.main.orders')).toBe('from Orders.csv again\n');
  });

  it('pointed at another folder, the connection names that folder\'s files afresh', async () => {
    const archive = join(tmp.dir, 'archive');
    mkdirSync(archive);
    writeFileSync(join(archive, 'orders.csv'), 'who\nfrom the archive\n');
    await dgw('connection', 'update', 'inbox', '--field', `path=${archive}`);
    expect(await dgw('sql', 'SELECT who FROM inbox.main.orders')).toBe('from the archive\n');
  });
});
