import { afterEach, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/gateway/errors.js';
import { openGateway, type TestGateway } from './helpers.js';

// Closing a project (dgw serve stopping) interrupts the statements at work, then waits for the
// change that holds the writer. A change that had passed its open check but not yet begun its
// statement when the interrupts were sent ran on unstopped, to the time limit: dgw serve took that
// long to stop. It must meet the close instead, as one that comes after it does.

// Seconds of work: run unstopped (the fault), it ends on its own and the change succeeds.
const LONG = 'SELECT count(*) AS n FROM range(200000000) t(i) WHERE hash(i) % 7 = 3';
let g: TestGateway | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await g?.close();
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

it('a change held up before its first statement while the project closes is answered with the reason it closed, its statement never run', async () => {
  g = await openGateway();
  const project = await g.gateway.project('demo', { create: false });
  let goOn: () => void = () => undefined;
  const heldUp = new Promise<void>((resolve) => (goOn = resolve));
  vi.spyOn(project, 'stopRefresh').mockImplementationOnce(() => heldUp);
  const because = new HttpError(503, 'dgw serve is stopping', 'UNAVAILABLE');
  const change = project.tx((conn) => conn.run(LONG), ['a-refresh-it-stops-first']);
  change.catch(() => undefined);
  const closing = project.close({ wait: false, because });
  // close() marks the project closed, interrupts what is at work (nothing yet), then waits for the change.
  await until(() => project.closed);
  goOn();
  await expect(change).rejects.toBe(because);
  await closing;
});
