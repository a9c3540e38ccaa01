// Stand-in for the hosted service during `npm run bench`: answers the catalog list and the query
// create on 127.0.0.1, in its own process so the bench's synchronous spawns never block it.
// Prints `listening <port>` on stdout once ready; exits when its stdin closes.
import http from 'node:http';

const KEY = process.env.BENCH_API_KEY ?? 'bench-key';
const CATALOGS = Array.from({ length: 8 }, (_, i) => ({
  id: `cat-${i}`,
  name: `catalog${i}`,
  displayName: `Catalog ${i}`,
  catalogType: i === 0 ? 'internal' : i === 1 ? 'query' : 'postgres',
  connectionId: i > 1 ? `conn-${i}` : null,
}));
let created = 0;

const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const send = (status, json) => {
      const text = JSON.stringify(json);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    if (req.headers.authorization !== `Bearer ${KEY}`) return send(401, { errorCode: 'UNAUTHORIZED', message: 'bad key' });
    const path = new URL(req.url, 'http://x').pathname;
    if (req.method === 'GET' && /^\/api\/v1\/data\/projects\/[^/]+\/catalogs$/.test(path)) return send(200, CATALOGS);
    if (req.method === 'POST' && /^\/api\/v1\/data\/projects\/[^/]+\/queries$/.test(path)) {
      let input;
      try {
        input = JSON.parse(body);
      } catch {
        return send(400, { errorCode: 'BAD_REQUEST', message: 'body is not JSON' });
      }
      created += 1;
      const name = String(input.displayName ?? '').toLowerCase().replace(/[^a-z0-9_]/g, '');
      return send(200, {
        id: `q-${created}`,
        name,
        displayName: input.displayName,
        queryType: input.queryType ?? 'PLAIN',
        inputQuery: input.inputQuery,
        schedule: input.schedule ?? null,
        path: input.path ?? null,
        folderId: null,
      });
    }
    return send(404, { errorCode: 'NOT_FOUND', message: `no route ${req.method} ${path}` });
  });
});

server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.stdin.resume();
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.on('close', () => process.exit(0));
