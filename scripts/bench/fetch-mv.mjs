// The floor of the served `folder mv` rows: what a bare script does to put queries into a folder
// given by its path, with fetch: read the folder list, find the folder, send its new members.
// `node fetch-mv.mjs BASE_URL PROJECT FOLDER_NAME QUERY_ID...` (a root folder, by name)
const [base, project, name, ...ids] = process.argv.slice(2);
const headers = { authorization: `Bearer ${process.env.DGW_API_KEY}` };
const folders = await (await fetch(`${base}/data/projects/${project}/queries/folders`, { headers })).json();
const folder = folders.find((f) => f.name === name);
const response = await fetch(`${base}/data/projects/${project}/queries/folders/${folder.id}`, {
  method: 'PUT',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({ queryIdsAdded: ids, queryIdsRemoved: [] }),
});
process.stdout.write(`${await response.text()}\n`);
if (!response.ok) process.exitCode = 1;
