import { Argument, type Command } from 'commander';
import { hideSecret } from '../../api/answers.js';
import { isRawJson } from '../../api/exact-numbers.js';
import { maskKey } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { collect, examples, type Wiring } from '../wiring.js';
import { API_METHODS, expandPath, parseFields, parseMethod, readJsonInput, sendsBody } from './input.js';

/** Options of `dgw api`. */
export interface ApiOptions {
  input?: string;
  field?: string[];
  dryRun?: boolean;
}

export function registerApi(program: Command, wiring: Wiring): void {
  program
    .command('api')
    // The choices feed shell completion; the method is checked (case-insensitively) by the run.
    .addArgument(new Argument('<method>', 'GET, POST, PUT, PATCH or DELETE').choices(API_METHODS).argParser((v: string) => v))
    .argument('<path>', 'path below the base URL; {projectId} is replaced by the project in use')
    .option('--input <file>', 'JSON request body from a file, or - for stdin')
    .option('-f, --field <key=value>', 'add a body field (POST/PUT/PATCH) or query parameter (GET/DELETE); repeatable; key=@file reads a file', collect, [])
    .option('--dry-run', 'print the request instead of sending it')
    .description('Send a raw request to the service with your key and print the JSON response')
    .addHelpText(
      'after',
      examples(
        'dgw api GET /info',
        'dgw api GET /data/projects/{projectId}/catalogs',
        'dgw api GET /data/projects/{projectId}/queries/folders/tree -f includeQueries=true',
        "dgw api POST /data/projects/{projectId}/queries/execute -f statement='select 1'",
        'dgw api PUT /data/projects/{projectId}/queries/q-1 --input body.json --dry-run',
      ),
    )
    .action(wiring.action(runApi));
}

export async function runApi(ctx: Context, methodText: string, pathText: string, opts: ApiOptions): Promise<void> {
  if (ctx.out.mode.kind === 'quiet') throw new UsageError('-q/--quiet: dgw api prints the response as it came, which has no ids to pick; leave -q out (or pick with --jq)');
  const method = parseMethod(methodText);
  const fields = opts.field ?? [];
  if (opts.input !== undefined && method === 'GET') throw new UsageError('--input: a GET request has no body; use -f key=value for query parameters');
  if (opts.input === '-' && fields.some((f) => f.includes('=@-'))) throw new UsageError('--input - and -f key=@- cannot both read stdin');

  let body = opts.input !== undefined ? await readJsonInput(ctx, opts.input) : undefined;
  const target = await expandPath(ctx, pathText);
  const query: Record<string, string | number | boolean> = { ...target.query };
  if (sendsBody(method)) {
    const extra = await parseFields(ctx, fields, true);
    if (Object.keys(extra).length > 0) {
      if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body) || isRawJson(body))) {
        throw new UsageError('-f/--field: the --input body must be a JSON object to add fields to it');
      }
      body = { ...(body as object | undefined), ...extra };
    }
  } else {
    await parseFields(ctx, fields, false, query);
  }

  const http = await ctx.http({ dryRun: opts.dryRun });
  const spec = { method, path: target.path, query, body, expect: 'any', keepDigits: 'verbatim' } as const;
  if (http.dryRun) {
    http.show(spec);
    return;
  }
  const data = await http.request<unknown>(spec);
  if (data === undefined) {
    ctx.out.note('(empty response)');
    return;
  }
  const key = await ctx.apiKey();
  // An answer not typed JSON (an export's CSV) is printed as it came, only the key masked.
  if (data instanceof Uint8Array) return void ctx.io.stdout.write(key && Buffer.from(data).includes(key) ? (redactKey(Buffer.from(data).toString(), key) as string) : data);
  ctx.out.value(redactKey(data, key));
}

/** The key in use never reaches the output, even when a response echoes it back (in a string or a property name). */
function redactKey(data: unknown, key: string | undefined): unknown {
  if (!key) return data;
  const hide = (text: string) => hideSecret(text, key, maskKey(key));
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return hide(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object' || isRawJson(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([name, v]) => [hide(name), walk(v)]));
  };
  return walk(data);
}
