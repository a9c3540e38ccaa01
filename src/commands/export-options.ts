import type { Command } from 'commander';

/** The flags of every export command (`query export`, `catalog export`). */
export interface ExportOptions {
  gzip?: boolean;
  columns?: string;
  limit?: string;
  output?: string;
  wait: boolean;
  dryRun?: boolean;
  /** The file's format: the global `--format` (csv or jsonl). */
  format?: string;
}

export function addExportOptions(command: Command): Command {
  return command
    .option('--gzip', 'compress the file with gzip')
    .option('--columns <a,b>', 'export only these columns, in this order; a name holding a comma goes in double quotes (\'"city, state",id\')')
    .option('--limit <rows>', 'export at most this many rows (1 to 1,000,000, as the service takes)')
    .option('-o, --output <file>', 'write the file here (written whole, then moved into place); default: stdout')
    .option('--no-wait', 'print the export job\'s id and return; fetch the file later with `dgw export get ID -o FILE`')
    .option('--dry-run', 'print the request instead of sending it');
}

/** What every export command's help says after its examples. */
export const EXPORT_HELP = `--format csv (the default) or jsonl chooses the file's format. The export runs in the service;
dgw waits for it (its status and the time so far on a terminal), then downloads its file(s)
through the links the service gives (they work for a short while; an expired one is asked for
again once). Nothing is left under -o when anything fails; a file named for another format
(out.jsonl holding CSV, out.gz holding text) is written as asked, with a warning. An export that fails or is cancelled
is exit 10. On the local gateway the file is written by DuckDB's own COPY; one stopped because
the disk of the data folder is full is exit 13 (a fault of this machine, not of the source).
`;
