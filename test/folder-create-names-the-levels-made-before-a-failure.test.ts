import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// Folders are made one level at a time: when a deeper level is refused, the levels made before it
// stay, and the error names them rather than leaving them to be found later.

const tmp = tempDir('dgw-folder-half-made-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');
const tooLong = 'y'.repeat(300);

it('folder create and folder mv --parents name the folders they made before the refusal', async () => {
  const create = await run('folder', 'create', `/made/deeper/${tooLong}`);
  expect(create.code).toBe(6);
  expect(create.stderr).toContain('hint: created before the failure: /made, /made/deeper (`dgw --zone local folder rm` removes a folder)');
  await dgw('query', 'create', 'Moved', '--sql', 'SELECT 1');
  const mv = await run('folder', 'mv', 'moved', `/other/${tooLong}`, '--parents');
  expect(mv.code).toBe(6);
  expect(mv.stderr).toContain('created before the failure: /other ');
  expect((await json('folder', 'list')).map((f: { path: string }) => f.path)).toEqual(['/made', '/made/deeper', '/other']);
});
