import { rows, type ProjectStore } from './store.js';

/** A project's name, description and creation time; a project made otherwise (demo) has none. */
export interface ProjectInfo {
  name: string | null;
  description: string | null;
  createdAt: string | null;
}

const KEYS = `('name', 'description', 'created_at')`;

/** Stored in the project's own settings table, so they travel with its file. */
export async function writeInfo(s: ProjectStore, info: ProjectInfo): Promise<void> {
  await s.tx(async (c) => {
    await c.run(`DELETE FROM svc._dgw.settings WHERE key IN ${KEYS}`);
    await c.run(`INSERT INTO svc._dgw.settings VALUES ('name', ?), ('description', ?), ('created_at', ?)`, [info.name, info.description, info.createdAt]);
  });
}

/** The project's name and description (null for a project made without them). */
export async function readInfo(s: ProjectStore): Promise<ProjectInfo> {
  const found = await s.withConnection((c) => rows(c, `SELECT key, value FROM svc._dgw.settings WHERE key IN ${KEYS}`));
  const value = (key: string) => (found.find((r) => r.key === key)?.value as string | null | undefined) ?? null;
  return { name: value('name'), description: value('description'), createdAt: value('created_at') };
}
