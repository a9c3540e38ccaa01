import fs from 'node:fs';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { P, useServedGateway } from './helpers.js';

// dgw serve writes a run-SQL answer a DuckDB chunk at a time, and fetches the next chunk only when
// the socket wants more (app.ts, row-texts.ts): a reader slower than DuckDB never makes the server
// queue the answer. The 3,000,000 rows below are about 100 MB of JSON text: a server that ran ahead
// of a reader who stopped reading grows by about 10 MB a second while that reader waits (seen
// with the stream's high-water mark raised so that it pulls without waiting: 47 MB in 5 s), while
// one that waits with its reader stays flat. Its resident set is read from /proc (Linux).

const ROWS = 3_000_000;
const SQL = `SELECT i AS n, 'row ' || i AS label, i * 1.5 AS amount FROM range(${ROWS}) t(i)`;
const served = useServedGateway('dgw-served-memory-');

/** The server's resident set in MiB (Linux), or undefined where /proc does not tell. */
function rssMiB(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

describe('dgw serve, a reader that stops reading a large answer', () => {
  it('is not run ahead of: the server\'s memory stays flat while the reader waits, and every row arrives', async () => {
    const server = served();
    const url = new URL(`${server.baseUrl}${P}/queries/execute?format=COMPACT`);
    const body = JSON.stringify({ statement: SQL });
    const samples: number[] = [];
    const result = await new Promise<{ bytes: number; tail: string }>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${server.partnerKey}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let bytes = 0;
        let tail = '';
        let paused = false;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          tail = (tail + chunk.toString('latin1')).slice(-200);
          if (!paused && bytes >= 4 << 20) {
            // Stop reading for 5 s; the server would produce the rest of the answer now if nothing held it back.
            paused = true;
            res.pause();
            let n = 0;
            const watch = setInterval(() => {
              const rss = rssMiB(server.child.pid!);
              if (rss !== undefined) samples.push(rss);
              if (++n === 20) {
                clearInterval(watch);
                res.resume();
              }
            }, 250);
          }
        });
        res.on('end', () => resolve({ bytes, tail }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(server.child.exitCode, server.stderr()).toBeNull();
    // BIGINT and a wide DECIMAL are strings in every row (one JSON type per column: docs/output.md).
    expect(result.tail.endsWith(`["${ROWS - 1}","row ${ROWS - 1}","${(ROWS - 1) * 1.5}"]]}`), result.tail).toBe(true);
    expect(result.bytes).toBeGreaterThan(80 << 20);
    if (process.platform === 'linux') {
      expect(samples.length).toBe(20);
      // While the reader waits the server only waits too: its resident set moves by a few chunks at most.
      expect(Math.max(...samples) - Math.min(...samples), samples.join(', ')).toBeLessThan(24);
    }
    // And it answers the next request.
    expect((await server.call('POST', `${P}/queries/execute`, { statement: 'SELECT 42 AS answer' })).status).toBe(200);
  });
});
