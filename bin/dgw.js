#!/usr/bin/env node
/* global __dirname */
'use strict';
// CommonJS on purpose (bin/package.json): a CommonJS entry starts a few milliseconds faster than
// an ES module one. Two answers need nothing but this file:
// - `dgw --version`: the version from package.json (the one the build bakes into dist/);
// - `dgw --help` (and `dgw` alone) when stdout is not a terminal: the root help as the build rendered it
//   (dist/help.txt, written by scripts/build.mjs through the full path with the same 80-column,
//   colourless layout commander uses for a pipe). On a terminal, help is rendered for its width.
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

function cachedHelp() {
  if (args.length > 1 || (args.length === 1 && args[0] !== '--help' && args[0] !== '-h')) return undefined;
  if (process.getBuiltinModule('node:tty').isatty(1)) return undefined;
  try {
    return fs.readFileSync(`${__dirname}/../dist/help.txt`, 'utf8');
  } catch {
    return undefined;
  }
}

let text;
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  print(`${JSON.parse(fs.readFileSync(`${__dirname}/../package.json`, 'utf8')).version}\n`);
} else if ((text = cachedHelp()) !== undefined) {
  print(text);
} else {
  process.getBuiltinModule('node:module').enableCompileCache?.();
  import('../dist/cli.js').then(({ runProcess }) => runProcess());
}
