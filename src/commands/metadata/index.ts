import type { Command } from 'commander';
import type { Wiring } from '../wiring.js';
import { registerMetadataCallback } from './callback.js';
import { registerMetadataRmCallback } from './rm-callback.js';
import { registerMetadataSetCallback } from './set-callback.js';
import { registerMetadataAiUsage } from './ai-usage.js';
import { registerMetadataCategorical } from './categorical.js';
import { registerMetadataDescribe } from './describe.js';
import { registerMetadataGet } from './get.js';
import { registerMetadataQuestions } from './questions.js';
import { registerMetadataRmCategorical } from './rm-categorical.js';
import { registerMetadataSearch } from './search.js';
import { registerMetadataSemantics } from './semantics.js';
import { registerMetadataRefresh } from './refresh.js';
import { registerMetadataStatus } from './status.js';

export function registerMetadata(program: Command, wiring: Wiring): void {
  const group = program.command('metadata').description("The project's metadata: its catalogs' tables and columns as last refreshed, descriptions and AI usage, categorical values, the refresh jobs and their callback");
  registerMetadataGet(group, wiring);
  registerMetadataRefresh(group, wiring);
  registerMetadataStatus(group, wiring);
  registerMetadataCallback(group, wiring);
  registerMetadataSetCallback(group, wiring);
  registerMetadataRmCallback(group, wiring);
  registerMetadataDescribe(group, wiring);
  registerMetadataAiUsage(group, wiring);
  registerMetadataCategorical(group, wiring);
  registerMetadataRmCategorical(group, wiring);
  registerMetadataSemantics(group, wiring);
  registerMetadataQuestions(group, wiring);
  registerMetadataSearch(group, wiring);
}
