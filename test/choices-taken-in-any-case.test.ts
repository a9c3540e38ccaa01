import type { Argument, Command, Option } from 'commander';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProgram, inertDeps } from '../src/program.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';

// A choice is a word, not a spelling: `--format JSON` reads as `--format json`, `--zone LOCAL` as
// local; a word that is no choice is refused (exit 2) with the choices listed.

/** Every option and argument of the tree that takes a choice, by where it is. */
function choiceTakers(command: Command, path = 'dgw', out: Array<[string, Option | Argument]> = []): Array<[string, Option | Argument]> {
  for (const o of command.options) if (o.argChoices) out.push([`${path} ${o.long}`, o]);
  for (const a of command.registeredArguments) if (a.argChoices) out.push([`${path} <${a.name()}>`, a]);
  for (const sub of command.commands) choiceTakers(sub, `${path} ${sub.name()}`, out);
  return out;
}

describe('every choice of the tree', () => {
  it('takes each choice in upper, lower and mixed case, as the choice listed', async () => {
    const takers = choiceTakers(await buildProgram(inertDeps()));
    expect(takers.map(([where]) => where)).toEqual(expect.arrayContaining(['dgw --format', 'dgw --zone', 'dgw query list --type', 'dgw completion <shell>']));
    const misread: string[] = [];
    // `dgw api` takes its method as typed, and its run reads it in any case (api-command-request.test.ts).
    for (const [where, taker] of takers.filter(([w]) => w !== 'dgw api <method>')) {
      for (const choice of taker.argChoices ?? []) {
        for (const typed of [choice.toUpperCase(), choice.toLowerCase(), choice[0].toUpperCase() + choice.slice(1).toLowerCase()]) {
          let read: unknown;
          try {
            read = taker.parseArg?.(typed, undefined);
          } catch (error) {
            read = error;
          }
          if (read !== choice) misread.push(`${where} ${typed}: ${String(read)}`);
        }
      }
    }
    expect(misread).toEqual([]);
  });
});

describe('on the command line', () => {
  const tmp = tempDir('dgw-choice-case-');
  afterAll(() => tmp.remove());
  const { run } = localCli(tmp.dir, 'spec');

  it('query list --format JSON prints what --format json does', async () => {
    await run('project', 'create', 'demo');
    await run('query', 'create', 'one', '--sql', 'SELECT 1 AS n', '--project', 'demo');
    const lower = await run('query', 'list', '--format', 'json', '--project', 'demo');
    const upper = await run('--zone', 'LOCAL', 'query', 'list', '--type', 'PLAIN', '--format', 'JSON', '--project', 'demo');
    expect(upper.code, upper.stderr).toBe(0);
    expect(JSON.parse(upper.stdout)).toEqual(JSON.parse(lower.stdout));
    expect(JSON.parse(upper.stdout)).toHaveLength(1);
  });

  it('DGW_ZONE=LOCAL, DGW_OUTPUT=JSON and a project file\'s zone "Local" read as local and json', async () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config-spec'), DGW_LOCAL_DIR: join(tmp.dir, 'data-spec'), DGW_PROJECT: 'demo' };
    const byEnv = await runAsBinaryWould(['query', 'list'], { env: { ...env, DGW_ZONE: 'LOCAL', DGW_OUTPUT: 'JSON' } });
    expect(byEnv.code, byEnv.stderr).toBe(0);
    expect(JSON.parse(byEnv.stdout)).toHaveLength(1);
    writeFileSync(join(tmp.dir, '.dgwrc'), JSON.stringify({ zone: 'Local', output: 'Json' }));
    const byFile = await runAsBinaryWould(['query', 'list'], { env, cwd: tmp.dir });
    expect(byFile.code, byFile.stderr).toBe(0);
    expect(JSON.parse(byFile.stdout)).toHaveLength(1);
  });

  it('a word that is no choice is refused, naming the choices, in any case', async () => {
    const r = await run('query', 'list', '--format', 'XML', '--project', 'demo');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("argument 'XML' is invalid. Allowed choices are table, json, jsonl, yaml, csv, tsv");
  });
});
