import { expect, it } from 'vitest';
import { runAsBinaryWould } from './support/in-process.js';

// `dgw schema query` named no command and suggested "query mv" and "query rm" (the closest by
// spelling), not the group's commands that print JSON.

it('dgw schema NOUN is exit 2 naming every command of the group that has a schema', async () => {
  const r = await runAsBinaryWould(['schema', 'query']);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/`dgw query` is a group of commands; name one of them: query create, query edit, .*query list, .*query update\n/);
  const typo = await runAsBinaryWould(['schema', 'query', 'lst']);
  expect(typo.code).toBe(2);
  expect(typo.stderr).toMatch(/no command `dgw query lst` prints JSON; did you mean "query list"\?/);
});
