import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../errors.js';

/** A compiled `--jq` filter: jq's own language, run by jq itself (compiled to WebAssembly). */
export interface JqFilter {
  /**
   * Runs the filter on one value: `text` is what `jq -r` prints (each result on its own line,
   * strings raw, everything else as indented JSON; `oneLine`: compact, as `jq -rc`). A filter that
   * fails on the data (`.[]` of an object...) also gives `error`, a usage error with jq's message;
   * `text` then holds what it printed before failing.
   */
  apply(data: unknown, options?: { oneLine?: boolean }): { text: string; error?: UsageError };
}

// Outputs jq-wasm's trimming can never reach: jq-wasm trims the whole of stdout, so the filter's
// results are framed by one marker line before and one marker after, stripped here by position.
const MARK = 'dgw';

/**
 * Compiles `expression` without running it on anything (a filter could loop or be slow): wrapped
 * as the body of a function that is referenced (jq binds only what is used) but never called
 * (`empty | f`). A compile error is a usage error (exit 2) with jq's own message, found before
 * any request. jq-wasm (jq 1.8) and its WebAssembly are loaded here alone, so only `--jq` pays.
 */
export async function compileJq(expression: string, env: Record<string, string | undefined> = {}): Promise<JqFilter> {
  if (expression.trim() === '') throw new UsageError('--jq: the expression is empty; `.` prints the JSON unchanged');
  const { loadJq } = await import('jq-wasm');
  const jq = await loadJq({ wasmBinary: fs.readFileSync(jqWasmFile()) });
  const check = jq.raw(null, `def __dgw_compile_check: ${expression}\n; empty | __dgw_compile_check`, ['-n']);
  // Reported from the expression alone, whose line and column numbers are the user's; a program
  // that does not compile does not run.
  let framed = true;
  if (check.exitCode !== 0) {
    const alone = jq.raw(null, expression, ['-n']);
    if (alone.exitCode === 3) throw new UsageError(`--jq: ${jqMessage(alone.stderr)}`, 'the expression is jq\'s language: https://jqlang.org/manual/');
    // Compiles alone but not as a function body (a program of definitions only): run it unframed.
    framed = false;
  }
  // jq's $ENV and env are the process's, as with jq itself (WebAssembly has an environment of its own).
  const environment = ['--argjson', '__dgw_env', JSON.stringify(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)))];
  const withEnv = '$__dgw_env as $ENV | def env: $ENV; ';
  return {
    apply(data, options = {}) {
      const flags = [...(options.oneLine ? ['-r', '-c'] : ['-r']), ...environment];
      const program = framed ? `${withEnv}"${MARK}", (${expression}\n), "${MARK}"` : expression;
      const result = jq.raw(data ?? null, program, flags);
      const text = framed ? unframe(result.stdout) : result.stdout ? `${result.stdout}\n` : '';
      if (result.exitCode === 0) return { text };
      return { text, error: new UsageError(`--jq: ${jqMessage(result.stderr) || `jq stopped with status ${result.exitCode}`}`) };
    },
  };
}

/**
 * jq's WebAssembly: the copy the build puts in dist/ (this module runs from dist/ or dist/chunks/),
 * else the package's own (tests run the sources).
 */
function jqWasmFile(): string {
  for (const relative of ['./jq.wasm', '../jq.wasm']) {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    if (fs.existsSync(file)) return file;
  }
  return createRequire(import.meta.url).resolve('jq-wasm/jq.wasm');
}

/** The results between the markers, each line ended as jq ends it. */
function unframe(stdout: string): string {
  const text = stdout.startsWith(`${MARK}\n`) ? stdout.slice(MARK.length + 1) : stdout;
  if (text === MARK) return '';
  if (text.endsWith(`\n${MARK}`)) return text.slice(0, -MARK.length);
  // Stopped early (an error, `halt`): what it printed, each line ended.
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

/** jq's messages without its prefixes, source excerpts and error counts, one line each, joined. */
function jqMessage(stderr: string): string {
  const errors = stderr.split('\n').filter((line) => /^jq: error/.test(line));
  // `halt_error` prints the user's own message, without jq's prefix.
  if (errors.length === 0) return stderr.trim().split('\n')[0] ?? '';
  return errors.map((line) => line.replace(/^jq: error(?: \(at [^)]*\))?: /, '').replace(/:$/, '')).join('; ');
}
