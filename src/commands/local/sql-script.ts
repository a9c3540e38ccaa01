import type { Context } from '../../context.js';
import { DgwError, UsageError } from '../../errors.js';

/** Runs a script's statements in order, each alone as the shell runs it; the first that fails stops the rest. */
export async function runScript(ctx: Context, statements: string[], run: (statement: string) => Promise<void>): Promise<void> {
  const { kind } = ctx.out.mode;
  if (kind !== 'table' && kind !== 'tsv') {
    throw new UsageError(`the SQL holds ${statements.length} statements, and --json, --jq, --quiet and --format ${kind} print the result of one`, 'run the one whose rows you want alone, or leave the output as tables (TSV in a pipe)');
  }
  // One result after another: pages of the first would hold back the statements after it.
  ctx.stopPaging();
  for (const [i, statement] of statements.entries()) {
    if (i > 0 && kind === 'table') ctx.out.raw('\n');
    try {
      await run(statement);
    } catch (error) {
      if (!(error instanceof DgwError)) throw error;
      const ran = i === 0 ? 'it was the first: nothing ran' : `${i === 1 ? 'statement 1' : `statements 1 to ${i}`} ran (each is its own request, not one transaction); the rest did not`;
      const hint = error.hint ? `${ran}; ${error.hint}` : ran;
      throw new DgwError(error.kind, `statement ${i + 1} of ${statements.length}: ${error.message}`, { status: error.status, errorCode: error.errorCode, hint, cause: error });
    }
  }
}
