/** The name of a project's secret folder of files in transit: `t-` and 32 hex digits. */
export const SECRET_FOLDER = /^t-[0-9a-f]{32}$/;

/** A new secret folder name, unguessable (128 bits). */
export function newSecretFolder(): string {
  return `t-${process.getBuiltinModule('node:crypto').randomBytes(16).toString('hex')}`;
}

/** DuckDB's messages name files; the secret folder's name would let SQL reach them, so it is taken out. */
export function withoutSecretFolder(message: string): string {
  return message.replace(/[/\\]t-[0-9a-f]{32}(?=[/\\]|\b)/g, '');
}
