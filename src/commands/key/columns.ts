import type { ProjectApiKey } from '../../api/types.js';
import type { Column } from '../../output/format.js';

/** Columns of `key list`. */
export const KEY_COLUMNS: Column<ProjectApiKey>[] = [
  { header: 'ID', value: (k) => k.apiKeyId },
  { header: 'NAME', value: (k) => k.name },
  { header: 'EXPIRES', value: (k) => k.expiresAt ?? 'never' },
];

export const keyId = (k: ProjectApiKey): string => k.apiKeyId;
