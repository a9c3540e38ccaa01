// What the design's packages cost a remote command before dgw's own code: commander parses
// `catalog list --json` and ky sends the request a bare fetch script sends, then the body is
// printed. The bench bundles this file as dgw's build does (esbuild, ES module, compile cache on),
// so the row beside the fetch script's shows how much of a remote row's budget they take.
import { Command } from 'commander';
import ky from 'ky';

const [url, ...argv] = process.argv.slice(2);
const program = new Command('floor');
program
  .command('catalog')
  .command('list')
  .option('--json')
  .action(async () => {
    const text = await ky(url, { headers: { authorization: `Bearer ${process.env.DGW_API_KEY}` } }).text();
    process.stdout.write(`${text}\n`);
  });
await program.parseAsync(argv, { from: 'user' });
