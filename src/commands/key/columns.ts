import type { ProjectApiKey } from '../../api/types.js';
import type { Column } from '../../output/format.js';

export const KEY_COLUMNS: Column<ProjectApiKey>[] = [
  { field: 'apiKeyId', kind: 'key' },
  { field: 'name', kind: 'key' },
  { field: 'expiresAt', kind: 'time', show: (k) => k.expiresAt ?? 'never' },
];

export const keyId = (k: ProjectApiKey): string => k.apiKeyId;
