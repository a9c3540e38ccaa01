import type { Argument, Option } from 'commander';

/** What a live value is: a name from the project (or the user store) that completion asks for. */
export type LiveKind =
  /** Saved queries: SQL names (ids when the word typed starts like one). */
  | 'query'
  /** Materialized queries only. */
  | 'mtquery'
  | 'folder'
  /** Queries, then folder paths once the word starts with `/`. */
  | 'query-or-folder'
  | 'table'
  /** The columns of the table named by the argument before. */
  | 'column'
  | 'connection-type'
  /** Caches: the names of their tables. */
  | 'cache'
  | 'connection'
  | 'catalog'
  /** The schemas of the catalog named by the argument before. */
  | 'catalog-schema'
  /** The tables of the catalog and schema named by the two arguments before. */
  | 'catalog-table'
  | 'profile';

const marked = new WeakMap<Argument | Option, LiveKind>();

/** Argument names that mean the same in every command, so new commands complete without a mark. */
const BY_NAME: Record<string, LiveKind> = { query: 'query', folder: 'folder', table: 'table', column: 'column', cache: 'cache' };

/** Marks an argument or option as completed with live values of `kind`; returns it, for chaining. */
export function completes<T extends Argument | Option>(target: T, kind: LiveKind): T {
  marked.set(target, kind);
  return target;
}

/** The live kind of an argument: its mark, else what its name means. */
export function argumentKind(argument: Argument): LiveKind | undefined {
  return marked.get(argument) ?? BY_NAME[argument.name()];
}

/** The live kind of an option's value: its mark only. */
export function optionKind(option: Option): LiveKind | undefined {
  return marked.get(option);
}
