#!/usr/bin/env node
/* global __dirname */
'use strict';
// CommonJS on purpose (bin/package.json): a CommonJS entry starts a few milliseconds faster than
// an ES module one. `dgw --version` needs nothing but this file: the version from package.json.
const args = process.argv.slice(2);

// `npm link` runs this file on the system Node, which may be older than dgw supports: say so
// plainly (exit 2, a usage error) rather than fail later in a way that looks like a bug.
// 22.3 brought process.getBuiltinModule, which dgw uses from here on.
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
if (nodeMajor < 22 || (nodeMajor === 22 && nodeMinor < 3)) {
  process.stderr.write(
    `error: dgw needs Node.js 22.3 or later; this is Node.js ${process.versions.node} (${process.execPath})\n` +
      'hint: install Node.js 22.3 or later (24 is current), or run `npx dgw` inside the dgw repository, which brings its own Node 24\n',
  );
  process.exit(2);
}

const fs = process.getBuiltinModule('node:fs');

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
  // dgw lets a NO_COLOR with a value win over FORCE_COLOR (docs/output.md); Node warns on stderr that
  // it does the opposite as soon as a module loads node:util, which broke a JSON error there. One of
  // the two goes before anything loads: the one dgw would not obey.
  const env = process.env;
  if (env.NO_COLOR !== undefined && env.FORCE_COLOR !== undefined) delete env[env.NO_COLOR === '' ? 'NO_COLOR' : 'FORCE_COLOR'];
  // Each running DuckDB statement holds a thread of libuv's pool (4 by default) until it ends: four
  // long refreshes left dgw serve no thread to answer anything, a cancel included. Only a server
  // needs more (a larger pool costs every command about 3 ms to start); a user's own setting wins.
  if (args.includes('serve')) env.UV_THREADPOOL_SIZE ||= '16';
  process.getBuiltinModule('node:module').enableCompileCache?.();
  import('../dist/cli.js').then(({ runProcess }) => runProcess());
}
