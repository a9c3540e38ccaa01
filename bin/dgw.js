#!/usr/bin/env node
import module from 'node:module';

// Fast path: the version needs no modules at all.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { VERSION } = await import('../dist/version.js');
  process.stdout.write(`${VERSION}\n`);
} else {
  module.enableCompileCache?.();
  const { runProcess } = await import('../dist/cli.js');
  await runProcess();
}
