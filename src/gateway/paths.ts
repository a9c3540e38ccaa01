import { join } from 'node:path';
import { userDataDir } from '../config/user-dirs.js';

/** The local gateway's data folder: `DGW_LOCAL_DIR`, else the platform's user data dir. */
export function localDataDir(env: Record<string, string | undefined>, platform: string = process.platform): string {
  if (env.DGW_LOCAL_DIR) return env.DGW_LOCAL_DIR;
  return userDataDir(env, platform);
}

export function projectFile(dataDir: string, projectId: string): string {
  return join(dataDir, 'projects', `${projectId}.duckdb`);
}

/** Left where the demo project's database was by its deletion, so no later start seeds it again. */
export function demoDeletedMark(dataDir: string): string {
  return join(dataDir, 'projects', 'demo.deleted');
}
