import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// Cancelling an export that has already ended is a no-op (the document's 204 says nothing either way):
// dgw reads the job and says nothing was cancelled, in its message and in --json, rather than "cancelled".
const tmp = tempDir('dgw-export-cancel-ended-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');
let id = '';

beforeAll(async () => {
  await dgw('query', 'create', 'Revenue Report', '--sql', 'SELECT 1 AS n');
  await dgw('query', 'export', 'revenuereport', '-o', join(tmp.dir, 'revenue.csv'));
  id = (await dgw('export', 'list', '-q', '--limit', '1')).trim();
});

it('export cancel --json of a finished job: cancelled false, with the status it ended in', async () => {
  expect(await json('export', 'cancel', id)).toEqual({ id, cancelled: false, status: 'SUCCEEDED' });
});

it('export cancel of a finished job says nothing was cancelled, exit 0', async () => {
  const r = await run('export', 'cancel', id);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(`export ${id} had already ended SUCCEEDED: nothing was cancelled`);
  expect(r.stderr).not.toMatch(/✓|cancelled \(if/);
  expect((await json('export', 'get', id)).status).toBe('SUCCEEDED');
});
