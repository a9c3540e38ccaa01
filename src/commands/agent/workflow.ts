import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { workflowImage } from '../../api/agent.js';
import type { Context } from '../../context.js';
import { LocalFaultError, UsageError } from '../../errors.js';
import { writeOut } from '../../output/io.js';
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
  const toStdout = opts.output === undefined || opts.output === '-';
  // Image bytes would garble a terminal.
  if (toStdout && ctx.io.stdout.isTTY === true) throw new UsageError('the workflow is a PNG image: give -o FILE, or pipe it to a viewer');
  const image = await workflowImage(await ctx.http());
  if (toStdout) {
    await writeOut(ctx.io.stdout, image);
    return;
  }
  const file = path.resolve(ctx.cwd, opts.output!);
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.dgw-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temporary, image, { flag: 'wx' });
    await fs.rename(temporary, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`-o: the folder of ${opts.output} does not exist`);
    throw new LocalFaultError(code === 'ENOSPC' ? 'DISK_FULL' : 'FILE_ACCESS', `cannot write ${opts.output}: ${(error as Error).message}`, 'free some space, or choose another file with -o', error);
  } finally {
    await fs.rm(temporary, { force: true });
  }
  ctx.out.success(`wrote the agent's workflow to ${opts.output} (${image.length} bytes)`);
}
