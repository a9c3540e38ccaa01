import type { Context } from '../../context.js';

/** Help text of the verbs that need the service's language model. */
export const HOSTED_ONLY = `
This needs the service's language model: the hosted service answers it; the local gateway,
where no model runs, answers 501 and dgw exits 15 saying so.
`;

/** An answer the document gives as an open object: printed as it came (JSON; --json picks fields of it). */
export function printModelAnswer(ctx: Context, answer: unknown): void {
  if (answer === undefined) ctx.out.note('(empty response)');
  else ctx.out.value(answer);
}
