import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slow tier: the bench's own check, scale and constant-memory runs, exhaustive byte loops,
 * faults with real waits (a held folder, a full disk, a killed process, time limits), two changes
 * raced in every order, every documented example, real shells and terminals typed into, and the
 * hosted-shape walkthroughs. `npm test` runs the fast tier; `.ci/run` runs both (the slow tier first).
 */
export const SLOW = [
  'test/bench-check.test.ts',
  'test/installed-package-holds-what-it-names.test.ts',
  'test/query-list-json-at-scale.test.ts',
  'test/streams-in-constant-memory.test.ts',
  'test/gateway/served-answer-constant-memory.test.ts',
  'test/gateway/memory-limit.test.ts',
  'test/gateway/control-characters.test.ts',
  'test/control-characters-cli.test.ts',
  'test/faults/**/*.test.ts',
  'test/gateway/serve-exits-promptly.test.ts',
  // A run-SQL write of four million rows, whose COMMIT a stopping dgw serve must wait for.
  'test/gateway/serve-stopped-mid-commit-keeps-its-word.test.ts',
  'test/gateway/statement-time-limit.test.ts',
  'test/refresh-wait-progress.test.ts',
  'test/interrupt-local.test.ts',
  'test/every-example-runs.test.ts',
  'test/cache-refresh-killed.test.ts',
  // Reads held while three-million-row cache copies run: the fast tier's heaviest file in CPU.
  'test/gateway/cache-held-poll.test.ts',
  // Dozens of endless DuckDB statements on dgw serve at once, each cancelled: CPU-bound under load.
  'test/gateway/cancelled-runs-end-cancelled.test.ts',
  // Bash, zsh and fish typed into in pseudo-terminals, Tab pressed, the screen waited for; and bash
  // running the built dgw for each Tab: 17 and 20 s of the fast tier.
  'test/completion-interactive.test.ts',
  'test/completion-live.test.ts',
  // The SQL shell typed into in pseudo-terminals, and the modules 44 runs of the built binary load: real processes, 15 s each.
  'test/sql-shell.test.ts',
  'test/startup-imports.test.ts',
  // Hundreds of thousands of rows in and out, and CSV answers held to their time limits.
  'test/data-transfer-local.test.ts',
  'test/sql-csv-streamed-by-duckdb.test.ts',
  'test/csv-slow-reader-local.test.ts',
  'test/gateway/csv-answer.test.ts',
  // 300,000-row answers and a 10,000-column import against the event loop; answers that trickle past --timeout.
  'test/gateway/no-request-holds-the-event-loop.test.ts',
  'test/sql-remote-answer-read.test.ts',
  // Two changes raced in each order they can meet, 12 to 30 rounds a file: exhaustive loops.
  'test/gateway/a-change-racing-a-connection-rm.test.ts',
  'test/gateway/a-connection-renamed-racing-its-catalog-named.test.ts',
  'test/gateway/a-change-racing-a-drop-of-its-table.test.ts',
  // Hundreds of saved queries, past the number of views made at once.
  'test/gateway/a-statement-reading-more-saved-queries-than-views-made-at-once.test.ts',
  'test/query-catalog-of-many-queries-never-read.test.ts',
];

/**
 * Walkthroughs of the local gateway that run the same walk in both API shapes: the fast tier walks
 * the spec shape, the slow tier the hosted one (test/support/walk-shapes.ts).
 */
export const WALKTHROUGHS = [
  'test/relations-local.test.ts',
  'test/semantic-catalogs-local.test.ts',
  'test/bi-tables-and-column-changes.test.ts',
  'test/metadata-local.test.ts',
  'test/knowledge-as-code.test.ts',
  'test/query-catalog-lists-every-saved-query.test.ts',
  'test/catalogs-made-named-shared-removed.test.ts',
  'test/parametric-tables-local.test.ts',
  'test/gateway/new-commands-local.test.ts',
  'test/golden-sqls-local.test.ts',
  'test/catalog-export-local.test.ts',
  'test/folder-rm-says-what-went.test.ts',
  'test/drivers-name-the-project-file.test.ts',
  'test/sources-duckdb-walkthrough.test.ts',
  'test/forced-folder-delete-takes-only-what-the-question-named.test.ts',
  'test/gateway/duckdb-connections.test.ts',
  'test/json-output-matches-schema.test.ts',
];

/**
 * Fast-tier files that need a fresh module graph: one mocks cli-table3 with vi.mock, one spies on DuckDB's connection, two set TZ.
 * Every other file, in both tiers, shares its worker's modules with the files before it (isolate:
 * false): code already compiled and warm in a worker is not loaded and warmed again for every file.
 */
const ISOLATED = ['test/terminal-tables-cli-table3.test.ts', 'test/table-layout.test.ts', 'test/readable-times.test.ts', 'test/gateway/cancel-stops-interrupting.test.ts'];

/**
 * When both tiers run together (`.ci/run`), the slow tier's files go first: they are long, some
 * mostly wait, and the fast tier's hundreds of short files then fill the cores to the end, where
 * vitest's own order (by project name) left a few long files running alone.
 */
class SlowTierFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.project.name === 'slow'), ...sorted.filter((f) => f.project.name !== 'slow')];
  }
}

/**
 * The fast tier's workers each open and close DuckDB hundreds of times, and DuckDB calls glibc's
 * malloc_trim(0) at every close: the pages it gives back are faulted in again by the next command
 * (a user's dgw closes DuckDB once, then exits). Under jemalloc, where the system has it (CI
 * installs it), that call has nothing to trim; without it, one malloc arena leaves less. The slow
 * tier keeps the default, so its memory checks measure what users run.
 */
const JEMALLOC = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/lib'].map((dir) => `${dir}/libjemalloc.so.2`).find((file) => existsSync(file));
const FAST_WORKER_ENV = { MALLOC_ARENA_MAX: '1', ...(JEMALLOC ? { LD_PRELOAD: [process.env.LD_PRELOAD, JEMALLOC].filter(Boolean).join(' ') } : {}) };

/** Fails a file of a shared worker that leaves the environment, working folder or exit code changed. */
const LEAVES_PROCESS_AS_FOUND = 'test/support/leaves-process-as-found.ts';

export default defineConfig({
  test: {
    pool: 'forks',
    // Most of a test's time is a spawned dgw or a DuckDB statement: twice as many workers as the
    // two cores keep both busy.
    maxWorkers: 4,
    sequence: { sequencer: SlowTierFirst },
    reporters: process.env.DGW_TEST_JSON ? ['default', ['json', { outputFile: process.env.DGW_TEST_JSON }]] : ['default'],
    projects: [
      { extends: true, test: { name: 'fast', env: FAST_WORKER_ENV, isolate: false, setupFiles: [LEAVES_PROCESS_AS_FOUND], include: ['test/**/*.test.ts'], exclude: [...SLOW, ...ISOLATED], provide: { walkShapes: ['spec'] }, testTimeout: 300_000, hookTimeout: 300_000 } },
      { extends: true, test: { name: 'fast-isolated', env: FAST_WORKER_ENV, include: ISOLATED, testTimeout: 300_000, hookTimeout: 300_000 } },
      // Scale, memory and faults on a machine that may be busy: ten minutes, which only a hang reaches.
      { extends: true, test: { name: 'slow', isolate: false, setupFiles: [LEAVES_PROCESS_AS_FOUND], include: [...SLOW, ...WALKTHROUGHS], provide: { walkShapes: ['hosted'] }, testTimeout: 600_000, hookTimeout: 600_000 } },
    ],
  },
});
