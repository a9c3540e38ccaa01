// Compile-time only: `tsc --noEmit` fails here when a record and the type that prints it drift apart.
import type { Static } from 'typebox';
import type * as R from './records.js';
import type * as O from './results.js';
import type { StoredTable } from '../api/types.js';
import type { LoginResult } from '../commands/auth/login.js';
import type { AuthStatus } from '../commands/auth/status.js';
import type { ProfileRow } from '../commands/profile/list.js';
import type { VersionInfo } from '../commands/version/index.js';

/** True when each type is assignable to the other: the same fields, with the same types, required alike. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

export type Checks = [
  Holds<Same<Static<typeof R.CatalogTableRecord>, StoredTable>>,
  Holds<Same<Static<typeof O.LoginResult>, LoginResult>>,
  Holds<Same<Static<typeof O.AuthStatus>, AuthStatus>>,
  Holds<Same<Static<typeof O.ProfileRow>, ProfileRow>>,
  Holds<Same<Static<typeof O.VersionInfo>, VersionInfo>>,
];
