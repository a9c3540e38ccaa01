// Compile-time only: `tsc --noEmit` fails here when a record and the type that prints it drift apart (a type made from its own record with Static<> needs no check).
import type { Static } from 'typebox';
import type * as R from './records.js';
import type { StoredTable } from '../api/types.js';

/** True when each type is assignable to the other: the same fields, with the same types, required alike. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

export type Checks = [
  Holds<Same<Static<typeof R.CatalogTableRecord>, StoredTable>>,
];
