import type { Command } from 'commander';
import type { ContextDeps } from './context.js';
import { createWiring } from './commands/wiring.js';
import { addHelpTopicCommand, createRoot } from './root.js';
import { registerAuth } from './commands/auth/index.js';
import { registerProfile } from './commands/profile/index.js';
import { registerConfig } from './commands/config/index.js';
import { registerQuery } from './commands/query/index.js';
import { registerMtquery } from './commands/mtquery/index.js';
import { registerFolder } from './commands/folder/index.js';
import { registerCatalog } from './commands/catalog/index.js';
import { registerTable } from './commands/table/index.js';
import { registerConnection } from './commands/connection/index.js';
import { registerKey } from './commands/key/index.js';
import { registerProject } from './commands/project/index.js';
import { registerApi } from './commands/api/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { registerLocal } from './commands/local/index.js';
import { registerVersion } from './commands/version/index.js';
import { registerCode } from './commands/code/index.js';
import { registerSchema } from './commands/schema/index.js';
import { registerExport } from './commands/export/index.js';
import { registerCache } from './commands/cache/index.js';
import { registerDriver } from './commands/driver/index.js';
import { registerGoldenSql } from './commands/golden-sql/index.js';
import { registerMetadata } from './commands/metadata/index.js';
import { registerTranspile } from './commands/transpile/index.js';
import { registerEmbed } from './commands/embed/index.js';
import { registerAsk } from './commands/ask/index.js';
import { registerThread } from './commands/thread/index.js';
import { registerAgent } from './commands/agent/index.js';
import { registerSemanticCatalog } from './commands/semantic-catalog/index.js';
import { registerRelation } from './commands/relation/index.js';
import { registerBitable } from './commands/bitable/index.js';
import { registerParametricTable } from './commands/parametric-table/index.js';

/** Builds the whole command tree (completions, help); commands run only when an action fires. */
export function buildProgram(deps: ContextDeps): Command {
  const program = createRoot(deps);

  const wiring = createWiring(deps);
  registerAuth(program, wiring);
  registerProfile(program, wiring);
  registerConfig(program, wiring);
  registerQuery(program, wiring);
  registerMtquery(program, wiring);
  registerFolder(program, wiring);
  registerConnection(program, wiring);
  registerCatalog(program, wiring);
  registerTable(program, wiring);
  registerCache(program, wiring);
  registerBitable(program, wiring);
  registerParametricTable(program, wiring);
  registerExport(program, wiring);
  registerDriver(program, wiring);
  registerMetadata(program, wiring);
  registerTranspile(program, wiring);
  registerEmbed(program, wiring);
  registerAsk(program, wiring);
  registerThread(program, wiring);
  registerAgent(program, wiring);
  registerSemanticCatalog(program, wiring);
  registerGoldenSql(program, wiring);
  registerRelation(program, wiring);
  registerProject(program, wiring);
  registerKey(program, wiring);
  registerApi(program, wiring);
  registerCompletion(program, wiring);
  registerLocal(program, wiring);
  registerVersion(program, wiring);
  registerCode(program, wiring);
  registerSchema(program, wiring);

  addHelpTopicCommand(program, deps);
  return program;
}

/** Deps for build entries that read the whole tree and its help: output goes nowhere, and nothing is read. */
export function inertDeps(): ContextDeps {
  return {
    io: { stdout: { write: () => true }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } },
    env: {},
    cwd: '.',
    signal: new AbortController().signal,
  };
}
