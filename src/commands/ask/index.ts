import type { Command } from 'commander';
import { chat, chatStream } from '../../api/agent.js';
import type { Context } from '../../context.js';
import { DgwError, UsageError } from '../../errors.js';
import { visible } from '../../output/visible.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { startExchange, take, type Piece } from './exchange.js';

/** Options of `ask`. */
export interface AskOptions {
  thread?: string;
  execute: boolean;
  stream: boolean;
}

export function registerAsk(program: Command, wiring: Wiring): void {
  program
    .command('ask')
    .argument('<question>', 'what to ask the project\'s agent')
    .option('--thread <id>', 'continue this conversation (dgw thread list shows them)')
    .option('--no-execute', 'the agent may write SQL but not run it')
    .option('--no-stream', 'ask for the whole answer at once (the chat operation), for networks that hold streams back; --timeout bounds the wait')
    .description("Ask the project's agent; on a terminal the answer is printed as it streams, with the SQL and tables it used (hosted service only)")
    .addHelpText(
      'after',
      `${examples('dgw ask "Which customers ordered most last month?"', 'dgw ask "And the month before?" --thread 3f2a9c', 'dgw ask "Revenue by country" --json > exchange.json', 'dgw ask "Top products this week" --no-stream --timeout 2m')}
--json prints the whole exchange at the end: the question, the thread, the answer, the SQL, the
tables and every event as it came. Ctrl-C stops the answer (exit 130). No model runs on the local
gateway: it answers 501 and dgw exits 15 saying so.
`,
    )
    .action(wiring.action(runAsk));
}

export async function runAsk(ctx: Context, question: string, opts: AskOptions): Promise<void> {
  if (question.trim() === '') throw new UsageError('QUESTION must not be empty');
  if (question.includes('\0')) throw new UsageError('QUESTION contains a NUL character');
  if (opts.thread !== undefined) checkNameArgument(opts.thread, '--thread');
  // The answer is written as it streams: a pager would hold it until the end.
  ctx.stopPaging();
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const exchange = startExchange(question, opts.thread);
  // A person at a terminal reads the answer as it comes; a pipe gets the answer's text, also as it comes.
  const live = !ctx.out.json && ctx.out.mode.kind !== 'quiet';
  const onTerminal = ctx.io.stdout.isTTY === true;
  const show = (piece: Piece) => {
    if (!live) return;
    // Into a pipe the answer stays as the service sent it; a terminal sees its control characters escaped.
    if (piece.text) ctx.io.stdout.write(onTerminal ? visible(piece.text, '\n') : piece.text);
    if (!onTerminal) return;
    if (piece.sql) ctx.io.stdout.write(`\n${ctx.color.dim('SQL:')}\n${visible(piece.sql.trim(), '\n')}\n`);
    if (piece.tables) ctx.io.stdout.write(`\n${ctx.color.dim('tables:')} ${piece.tables.map((t) => visible(t)).join(', ')}\n`);
  };
  const input = { message: question, threadId: opts.thread, noExecute: opts.execute ? undefined : true };
  const events = opts.stream ? chatStream(http, projectId, input, ctx.signal) : [await chat(http, projectId, input)];
  try {
    for await (const event of events) show(take(exchange, event));
  } finally {
    // Also after a failure mid-answer, so the error does not run on from the last line.
    if (live && exchange.answer !== '' && !exchange.answer.endsWith('\n')) ctx.io.stdout.write('\n');
  }
  if (ctx.out.json) ctx.out.value(exchange);
  if (exchange.error !== null) throw new DgwError('service', `the agent stopped: ${exchange.error}`);
  // -q prints ids: the thread's, to ask on in it.
  if (ctx.out.mode.kind === 'quiet' && exchange.threadId) ctx.io.stdout.write(`${exchange.threadId}\n`);
  if (exchange.threadId) ctx.out.note(`thread ${exchange.threadId}: continue with \`dgw ask "..." --thread ${exchange.threadId}\``);
}
