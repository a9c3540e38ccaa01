import type { Command } from 'commander';
import { workflowImage } from '../../api/agent.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';

/** Options of `agent workflow`. */
export interface AgentWorkflowOptions {
  output?: string;
}

export function registerAgentWorkflow(parent: Command, wiring: Wiring): void {
  parent
    .command('workflow')
    .option('-o, --output <file>', 'write the PNG here (written whole, then moved into place); default: stdout, which must not be a terminal')
    .description("Save the diagram of the agent's workflow, a PNG image (hosted service only)")
    .addHelpText('after', examples('dgw agent workflow -o workflow.png', 'dgw agent workflow | display'))
    .action(wiring.action(runAgentWorkflow, { json: false }));
}

export async function runAgentWorkflow(ctx: Context, opts: AgentWorkflowOptions): Promise<void> {
  // -o is checked, and written, as a download's is.
  const { destinationOf, saveBytes } = await import('../../transfer/download.js');
  const destination = await destinationOf(ctx, opts.output);
  // Image bytes would garble a terminal.
  if ('stdout' in destination && ctx.io.stdout.isTTY === true) throw new UsageError('the workflow is a PNG image: give -o FILE, or pipe it to a viewer');
  const image = await workflowImage(await ctx.http(), ctx.signal);
  await saveBytes(ctx, destination, image);
  if (!('stdout' in destination)) ctx.out.success(`wrote the agent's workflow to ${opts.output} (${image.length} bytes)`);
}
