/** YAML a user wrote, as JavaScript; its first error or warning (a tag YAML does not know) is thrown, where parse() would print the warning on Node's stderr, quoting the line and any secret on it. */
export async function readUserYaml(text: string): Promise<unknown> {
  // Bundled from CommonJS, a dynamic import's exports may arrive under `default`.
  const mod = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') };
  const doc = (mod.parseDocument ?? mod.default!.parseDocument)(text);
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) throw problem;
  return doc.toJS() as unknown;
}
