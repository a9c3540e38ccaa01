// A `dgw serve` for the bench: the built binary in its own process on a data folder, with a fixed
// partner key. Resolves once it printed its JSON line (base URL, pid); `stop()` sends SIGINT (the
// clean stop a user's Ctrl-C is) and waits for the exit.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Starts `dgw serve` on `dataDir`; `preload` (a --require file) and `env` are for memory runs. */
export async function startServe(dataDir, key, { env = process.env, args = [], preload } = {}) {
  const nodeArgs = [...(preload ? ['--require', preload] : []), path.join(ROOT, 'bin', 'dgw.js'), 'serve', '--port', '0', '--data-dir', dataDir, '--json', ...args];
  const child = spawn(process.execPath, nodeArgs, { env: { ...env, DGW_LOCAL_PARTNER_KEY: key }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
  const info = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
    });
    child.on('exit', (code) => reject(new Error(`dgw serve exited ${code}: ${stderr.slice(0, 500)}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    baseUrl: info.baseUrl,
    pid: child.pid,
    key,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** One request to a served gateway with its partner key; JSON in, JSON out, a non-2xx throws. */
export async function api(server, method, p, body) {
  const response = await fetch(`${server.baseUrl}${p}`, {
    method,
    headers: { authorization: `Bearer ${server.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${p}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}
