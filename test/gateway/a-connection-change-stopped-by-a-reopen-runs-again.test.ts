import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { holdWriter, openGateway, tempDir, type TestGateway } from './helpers.js';

// A connection change waiting for the project's writer while another change reopens the project
// was answered 409 "run it again": nothing of it was written, so the gateway runs it again itself.

const work = tempDir('dgw-conn-reopen-');
const csv = join(work.dir, 'visits.csv');
let gw: TestGateway;
beforeAll(async () => {
  writeFileSync(csv, 'i,page\n1,/a\n');
  gw = await openGateway({ dataDir: join(work.dir, 'data'), seed: false });
});
afterAll(async () => {
  await gw.close();
  work.remove();
});

it('a connection rename queued behind a reopen of its project is made, not refused', async () => {
  const made = await gw.call('POST', '/connections/demo', { body: { name: 'files', type: 'csv', credential: { path: csv } } });
  expect(made.status, made.text).toBe(200);
  const held = holdWriter(await gw.gateway.project('demo', { create: false }));
  const rename = gw.call('PUT', `/connections/demo/${made.body.id}`, { body: { name: 'renamed' } });
  await held.queued(1);
  const reopened = gw.gateway.reopen('demo');
  held.release();
  const answer = await rename;
  await reopened;
  expect(answer.status, answer.text).toBe(200);
  expect((await gw.call('GET', `/connections/demo/${made.body.id}`)).body.name).toBe('renamed');
});
