import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../errors.js';

/** A compiled `--jq` filter: jq's own language, run by jq itself (compiled to WebAssembly). */
export interface JqFilter {
  /** Runs the filter as `jq -r` prints; a runtime failure gives `error` and the text printed before it. */
  apply(data: unknown, options?: { oneLine?: boolean }): { text: string; error?: UsageError };
}

// jq-wasm trims all of stdout, so results are framed by marker lines to keep their own whitespace.
const MARK = 'dgw';

/** Compiles without running (a filter could loop): a referenced but uncalled function; jq-wasm loads only here. */
export async function compileJq(expression: string, env: Record<string, string | undefined>): Promise<JqFilter> {
  if (expression.trim() === '') throw new UsageError('--jq: the expression is empty; `.` prints the JSON unchanged');
  const { loadJq } = await import('jq-wasm');
  const jq = await loadJq({ wasmBinary: fs.readFileSync(jqWasmFile()) });
  const check = jq.raw(null, `def __dgw_compile_check: ${expression}\n; empty | __dgw_compile_check`, ['-n']);
  // Compile errors are reported on the bare expression, so line and column numbers are the user's.
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
      let result;
      try {
        result = jq.raw(data ?? null, program, flags);
      } catch (error) {
        // jq's WebAssembly aborts when it runs out of memory (at most 4 GiB): a whole large result, or a filter building a huge value.
        if (!(error instanceof WebAssembly.RuntimeError)) throw error;
        return { text: '', error: new UsageError('--jq: jq ran out of memory on this JSON or filter', 'for a large result use --format jsonl (one row a line, streamed) and pipe it to jq, or add a LIMIT') };
      }
      const text = framed ? unframe(result.stdout) : result.stdout ? `${result.stdout}\n` : '';
      if (result.exitCode === 0) return { text };
      return { text, error: new UsageError(`--jq: ${jqMessage(result.stderr) || `jq stopped with status ${result.exitCode}`}`) };
    },
  };
}

/** jq's WebAssembly from dist/, else the package's own (tests run the sources). */
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
