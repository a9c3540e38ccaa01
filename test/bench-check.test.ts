import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES modules of the bench, without type declarations
import { diskUsage } from '../scripts/bench/footprint.mjs';
// @ts-expect-error -- plain ES modules of the bench, without type declarations
import { median, pairedRatio } from '../scripts/bench/stats.mjs';
import { DGW_BIN, tempDir } from './support/dgw.js';

// `npm run bench` must keep running as the CLI changes; --check runs every row once (its numbers
// mean nothing) so a row that breaks fails here rather than on the next person's bench run.

const ROOT = path.resolve(path.dirname(DGW_BIN), '..');

describe('bench statistics', () => {
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('the ratio is the median of the per-pair ratios, not the ratio of medians', () => {
    expect(pairedRatio([10, 20, 30], [10, 10, 10])).toBe(2);
    expect(pairedRatio([12, 100, 13], [10, 90, 10])).toBeCloseTo(1.2);
    expect(() => pairedRatio([1], [1, 2])).toThrow();
  });

  it('disk usage counts allocated blocks and packages under node_modules', () => {
    const t = tempDir('dgw-du-');
    try {
      const pkg = path.join(t.dir, 'node_modules', 'a');
      fs.mkdirSync(path.join(t.dir, 'node_modules', '@s', 'b'), { recursive: true });
      fs.mkdirSync(pkg, { recursive: true });
      fs.writeFileSync(path.join(pkg, 'package.json'), '{}');
      fs.writeFileSync(path.join(t.dir, 'node_modules', '@s', 'b', 'package.json'), '{}');
      fs.writeFileSync(path.join(pkg, 'big.bin'), Buffer.alloc(1 << 20, 1));
      const du = diskUsage(path.join(t.dir, 'node_modules'));
      expect(du.packages).toBe(2);
      expect(du.mb).toBeGreaterThanOrEqual(1);
      expect(du.mb).toBeLessThan(2);
    } finally {
      t.remove();
    }
  });
});

describe('npm run bench', () => {
  it('every row runs (--check, without the footprint installs)', async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_')));
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'bench.mjs'), '--check', '--no-footprint'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('CHECK MODE');
    expect(r.stdout).toMatch(/^node: v\d+/m);
    const row = (label: string) => r.stdout.split('\n').find((l) => l.startsWith(`| ${label} `));
    for (const label of ['dgw --version', 'dgw --help', 'dgw catalog list --json', 'commander + ky only: catalog list --json', 'dgw query create --json']) {
      expect(row(label), label).toMatch(/\| (pass|FAIL|info) +\| \d+\.\d MiB \/ \d+\.\d MiB/);
    }
    // The local gateway's rows, each with the target; DuckDB is optional, and its absence is said.
    const local = [
      ['dgw sql "SELECT 1" (dgw serve)', '1.2'],
      ['dgw --zone local sql "SELECT 1"', '1.2'],
      ['dgw --zone local query list --json', '1.2'],
      ['dgw --zone local catalog list --json', '1.2'],
      ...['served', 'in-process'].flatMap((mode) => ['query create', 'query list --json', 'folder list --tree', 'folder mv (500 queries)'].map((c) => [`10k: ${c}, ${mode}`, '1.3'])),
    ];
    for (const [label, target] of local) {
      expect(row(label), label).toMatch(new RegExp(`\\| <= ${target.replace('.', '\\.')}x +\\| (pass|FAIL) +\\||skipped: @duckdb/node-api not installed`));
    }
    // Floors of the served rows: a bare fetch script's same requests, large against small, shown without a target.
    for (const label of ['10k: the fetch script reading the query list, served', '10k: the fetch script moving 500 queries by folder path, served']) {
      expect(row(label), label).toMatch(/\| info +\||skipped: @duckdb\/node-api not installed/);
    }
    for (const limit of ['default memory limit', '--memory-limit 128MB']) {
      expect(r.stdout).toMatch(new RegExp(`^dgw serve memory after 20 materialized creates \\(${limit}\\): RSS \\d+\\.\\d MiB, peak \\d+\\.\\d MiB|^dgw serve memory: skipped: @duckdb`, 'm'));
    }
    // DuckDB is an optional dependency: without it the row says so; with it, the row must run.
    // Each compares its result with DuckDB's own before it measures (materialize.mjs fails otherwise).
    expect(row('materialize: 20,000 orders by customer-month')).toMatch(/\| (pass|FAIL) +\||skipped: @duckdb\/node-api not installed/);
    expect(row('materialize: lightest 20,000-row aggregate')).toMatch(/\| info +\||skipped: @duckdb\/node-api not installed/);
    // The data rows (issue #9), each with its target; each checks dgw's data against its baseline's before it measures.
    for (const label of ['export: query export --format csv -o FILE', 'import: table import FILE.csv --create', 'sql: sql "SELECT * FROM big" --format csv \\| (pipe)']) {
      expect(row(label), label).toMatch(/\| <= \d(\.\d)?x +\| (pass|FAIL) +\| \d+\.\d MiB|skipped: @duckdb\/node-api not installed/);
      // Nine cells between ten unescaped bars: a `|` in a label is escaped, or Markdown would split it.
      expect(row(label)?.split(/(?<!\\)\|/), label).toHaveLength(11);
    }
    // The cache row (issue #25): a refresh of a source loaded from Parquet vs DuckDB reading the file.
    expect(row('cache refresh --wait: 2,000-row Parquet source')).toMatch(/\| <= 1\.3x +\| (pass|FAIL) +\| \d+\.\d MiB \/ \d+\.\d MiB|skipped: @duckdb\/node-api not installed/);
    expect(row('run-SQL: 10k rows, concurrency 8')).toMatch(/\d+ req\/s .*\| >= 0\.9x \| (pass|FAIL) +\||skipped: @duckdb\/node-api not installed/);
    expect(r.stdout).toContain('install footprint: skipped (--no-footprint)');
  });
});
