'use strict';
// The `dgw` a shell runs in test/support/dgw-shim.ts: hands its arguments, environment, working
// folder and stdin to the test process over a Unix socket, then writes what comes back to its own
// stdout and stderr and exits with the command's exit code. Frames: a kind byte (1 stdout, 2
// stderr, 3 exit code), a 4-byte length, the bytes.
const net = process.getBuiltinModule('node:net');
// A reader that stopped (`| head -1`) is what dgw meets as EPIPE too: the rest is dropped.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

const [socketPath, ...args] = process.argv.slice(2);
// A file the shell opened for dgw (`<(gzip -dc big.csv.gz)` is /dev/fd/63) is this process's: the
// test process reaches it through /proc.
const argv = args.map((a) => a.replace(/\/dev\/fd\/(\d+)/g, `/proc/${process.pid}/fd/$1`));
const socket = net.connect({ path: socketPath, allowHalfOpen: true });
socket.write(`${JSON.stringify({ argv, env: process.env, cwd: process.cwd() })}\n`);
process.stdin.pipe(socket);

let pending = Buffer.alloc(0);
socket.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 5 && pending.length >= 5 + pending.readUInt32BE(1)) {
    const kind = pending[0];
    const body = pending.subarray(5, 5 + pending.readUInt32BE(1));
    pending = pending.subarray(5 + body.length);
    if (kind === 1) writeQuietly(process.stdout, body);
    else if (kind === 2) writeQuietly(process.stderr, body);
    else {
      process.exitCode = Number(body.toString());
      process.stdin.unpipe(socket);
      process.stdin.destroy();
      socket.destroy();
    }
  }
});
socket.on('error', (error) => {
  process.stderr.write(`dgw shim: ${error.message}\n`);
  process.exit(70);
});

function writeQuietly(stream, bytes) {
  if (stream.writable) stream.write(bytes);
}
