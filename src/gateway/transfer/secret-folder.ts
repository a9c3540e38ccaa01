/** The name of a project's secret folder of files in transit (Gateway.transferDir): `t-` and 32 hex digits. */
export const SECRET_FOLDER = /^t-[0-9a-f]{32}$/;

/** A new secret folder name, unguessable (128 bits). */
export function newSecretFolder(): string {
  // node:crypto is taken only here: opening a project that has its folder needs none (4 ms to load).
  return `t-${process.getBuiltinModule('node:crypto').randomBytes(16).toString('hex')}`;
}

/**
 * A message without the secret folder's name (DuckDB's messages name the files they failed on):
 * whoever reads it learns where files in transit are, never the name that would let SQL reach them.
 */
export function withoutSecretFolder(message: string): string {
  return message.replace(/[/\\]t-[0-9a-f]{32}(?=[/\\]|\b)/g, '');
}
