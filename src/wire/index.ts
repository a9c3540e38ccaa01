// TypeBox schemas of the hosted service's wire format; only tests load this at run time.
export * from './caches.js';
export * from './common.js';
export * from './folders.js';
export * from './metadata.js';
export * from './operations.js';
export * from './queries.js';
export * from './resources.js';
export * from './sources.js';
export * from './transfer.js';
