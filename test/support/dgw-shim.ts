import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli.js';
import { shellQuote } from './dgw.js';

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dgw-shim-client.cjs');

/** A `dgw` program for shells whose commands run `main` in this process; `close` stops it. */
export interface DgwShim {
  /** The folder holding the program `dgw`, to put first on a shell's PATH. */
  binDir: string;
  close: () => Promise<void>;
}

/**
 * Serves `dgw` commands that a shell runs (`dgw ... | jq`, `dgw ... > file`) in this process:
 * a spawned dgw loads Node, the build and DuckDB for each, which is most of a shell example's
 * cost. Its arguments, environment, working folder and stdin are the shell's; stdout and stderr
 * go back as bytes, then the exit code (test/support/dgw-shim-client.cjs).
 */
export async function startDgwShim(dir: string): Promise<DgwShim> {
  const binDir = path.join(dir, 'shim-bin');
  fs.mkdirSync(binDir, { recursive: true });
  const socketPath = path.join(dir, 'dgw.sock');
  fs.writeFileSync(path.join(binDir, 'dgw'), `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(CLIENT)} ${shellQuote(socketPath)} "$@"\n`, { mode: 0o755 });
  // main() reports its own failures as exit codes; one that throws still answers, so no shell waits forever.
  const server = net.createServer({ allowHalfOpen: true }, (socket) =>
    void serve(socket).catch((error: unknown) => {
      socket.end(Buffer.concat([frame(2, `dgw shim: ${String(error)}\n`), frame(3, '70')]));
    }),
  );
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  return { binDir, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function serve(socket: net.Socket): Promise<void> {
  // A client gone early (its shell killed) is no failure of the test process.
  socket.on('error', () => {});
  const stdin = new PassThrough();
  let header = Buffer.alloc(0);
  const request = await new Promise<{ argv: string[]; env: Record<string, string>; cwd: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      header = Buffer.concat([header, chunk]);
      const end = header.indexOf(10);
      if (end < 0) return;
      socket.off('data', onData);
      stdin.write(header.subarray(end + 1));
      socket.pipe(stdin);
      try {
        resolve(JSON.parse(header.subarray(0, end).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    };
    socket.on('data', onData);
  });
  const send = (kind: number, data: string | Uint8Array) => socket.write(frame(kind, data)) || true;
  const code = await main(request.argv, {
    io: { stdout: { write: (s: string | Uint8Array) => send(1, s) }, stderr: { write: (s: string | Uint8Array) => send(2, s) }, stdin },
    env: request.env,
    cwd: request.cwd,
    signal: new AbortController().signal,
    interactive: false,
  });
  socket.end(frame(3, String(code)));
}

/** One frame: a kind byte (1 stdout, 2 stderr, 3 exit code), a 4-byte length, the bytes. */
function frame(kind: number, data: string | Uint8Array): Buffer {
  const body = Buffer.from(data);
  const head = Buffer.alloc(5);
  head[0] = kind;
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
}
