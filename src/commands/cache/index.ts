import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerCacheCancel } from './cancel.js';
import { registerCacheCreate } from './create.js';
import { registerCacheGet } from './get.js';
import { registerCacheHistory } from './history.js';
import { registerCacheList } from './list.js';
import { registerCacheRefresh } from './refresh.js';
import { registerCacheRm } from './rm.js';
import { registerCacheStatus } from './status.js';
import { registerCacheUpdate } from './update.js';

export function registerCache(program: Command, wiring: Wiring): void {
  const cache = program.command('cache').description("Caches: copies of tables in the project's store, refreshed whole or incrementally, read as svc.cache.<table>");
  registerCacheCreate(cache, wiring);
  registerCacheList(cache, wiring);
  registerCacheGet(cache, wiring);
  registerCacheStatus(cache, wiring);
  registerCacheUpdate(cache, wiring);
  registerCacheRefresh(cache, wiring);
  registerCacheCancel(cache, wiring);
  registerCacheHistory(cache, wiring);
  registerCacheRm(cache, wiring);
}
