// The baseline a dgw remote command is compared with: one `fetch` with the same method, URL,
// headers and body dgw sends, then the body printed on stdout. Nothing else.
const [method, url, body] = process.argv.slice(2);
const headers = { authorization: `Bearer ${process.env.DGW_API_KEY}` };
if (body !== undefined) headers['content-type'] = 'application/json';
const response = await fetch(url, { method, headers, body });
const text = await response.text();
process.stdout.write(`${text}\n`);
if (!response.ok) process.exitCode = 1;
