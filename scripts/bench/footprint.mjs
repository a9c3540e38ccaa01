// Install footprint: pack dgw as npm would publish it, install the tarball for production into
// two empty folders (with and without optional dependencies), and measure each node_modules the
// way `du` does (allocated blocks), in Node so that nothing beyond npm is needed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Bytes allocated on disk under a folder (st_blocks * 512, like `du -s`), and its package count. */
export function diskUsage(dir) {
  let bytes = 0;
  let packages = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      const st = fs.lstatSync(p);
      bytes += st.blocks * 512;
      if (entry.isDirectory()) {
        if (fs.existsSync(path.join(p, 'package.json')) && path.basename(path.dirname(p)).match(/^(node_modules|@.*)$/)) packages += 1;
        walk(p);
      }
    }
  };
  walk(dir);
  return { mb: bytes / 2 ** 20, packages };
}

function npm(node, args, cwd) {
  // Under `npm run`, npm_execpath is npm's own CLI script: run it with the same Node.
  const cli = process.env.npm_execpath;
  const [cmd, full] = cli && cli.endsWith('.js') ? [node, [cli, ...args]] : ['npm', args];
  return execFileSync(cmd, full, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
}

export function footprint(root, tmp, node) {
  const packDir = path.join(tmp, 'pack');
  fs.mkdirSync(packDir, { recursive: true });
  // dist/ is already built by `npm run bench`; --ignore-scripts keeps pack from building again.
  const packed = JSON.parse(npm(node, ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], root));
  const tarball = path.join(packDir, packed[0].filename);
  const result = { tarballMb: fs.statSync(tarball).size / 2 ** 20 };
  for (const [key, extra] of [['withOptional', []], ['withoutOptional', ['--omit=optional']]]) {
    const dir = path.join(tmp, key);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"footprint","private":true}\n');
    npm(node, ['install', '--omit=dev', ...extra, '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], dir);
    // The installed CLI must run, or the size means nothing: every dependency but DuckDB is
    // bundled into dist/, so a command's code loads from the install alone, and with the optional
    // dependency the local gateway answers SQL.
    const bin = path.join(dir, 'node_modules', 'dgw', 'bin', 'dgw.js');
    const env = { PATH: process.env.PATH, HOME: dir, DGW_CONFIG_DIR: path.join(dir, 'config'), DGW_LOCAL_DIR: path.join(dir, 'gateway') };
    const dgw = (...args) => execFileSync(node, [bin, ...args], { encoding: 'utf8', env }).trim();
    const version = dgw('--version');
    if (version !== packed[0].version) throw new Error(`installed dgw printed ${version}`);
    if (!dgw('query', 'create', '--help').includes('Usage: dgw query create')) throw new Error('installed dgw did not print query create --help');
    if (key === 'withOptional') {
      const answer = JSON.parse(dgw('--zone', 'local', 'sql', 'SELECT 42 AS answer', '--json'));
      if (JSON.stringify(answer).match(/42/) === null) throw new Error(`installed dgw answered ${JSON.stringify(answer)} on the local gateway`);
    }
    result[key] = diskUsage(path.join(dir, 'node_modules'));
  }
  return result;
}
