#!/usr/bin/env node
/* global __dirname */
'use strict';
// CommonJS on purpose (bin/package.json): a CommonJS entry starts a few milliseconds faster than
// an ES module one. `dgw --version` needs nothing but this file: the version from package.json.
const fs = process.getBuiltinModule('node:fs');
const args = process.argv.slice(2);

function print(text) {
  try {
    const buffer = Buffer.from(text);
    for (let at = 0; at < buffer.length; ) at += fs.writeSync(1, buffer, at);
  } catch {
    process.stdout.write(text);
  }
}

if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  print(`${JSON.parse(fs.readFileSync(`${__dirname}/../package.json`, 'utf8')).version}\n`);
} else {
  process.getBuiltinModule('node:module').enableCompileCache?.();
  import('../dist/cli.js').then(({ runProcess }) => runProcess());
}
