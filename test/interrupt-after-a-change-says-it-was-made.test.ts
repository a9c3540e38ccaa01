import { expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';
import { useStandIn } from './support/stand-in.js';

// Ctrl-C after the service had answered a change with 2xx exited 130 as if nothing was made (the
// local gateway's docs say an interrupted change is rolled back), so a script ran it again and made
// it twice. The interrupt now says how many changes the service had made, and that they are kept.
const { server, env } = useStandIn();

it('an interrupt after a change was answered: exit 130, saying the change was made and is kept', async () => {
  const stop = new AbortController();
  // The table is made (200); Ctrl-C comes while its columns are on their way.
  server.on('POST', /\/table\/events$/, { status: 200 });
  server.on('POST', /\/table\/events\/columns$/, () => (stop.abort(), { destroy: true }));
  const r = await runInProcess(['table', 'create', 'events', '--column', 'id:BIGINT'], { env: env(), signal: stop.signal });
  expect(r.code, r.stderr).toBe(130);
  expect(r.stderr).toContain('hint: the service had made 1 change before the interrupt, and kept it: check before running the command again');
});

it('an interrupt before any change was answered says nothing more', async () => {
  const stop = new AbortController();
  server.on('POST', /\/table\/events$/, () => (stop.abort(), { destroy: true }));
  const r = await runInProcess(['table', 'create', 'events', '--column', 'id:BIGINT'], { env: env(), signal: stop.signal });
  expect([r.code, r.stderr]).toEqual([130, 'error: interrupted\n']);
});
