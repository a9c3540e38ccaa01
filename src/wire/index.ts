// The wire schemas of the hosted service, written from the vendor's OpenAPI document (field names,
// types, enums, required fields) with TypeBox: plain JSON Schema objects with static types. The CLI
// and the local gateway use their types (src/api/types.ts); the conformance tests validate requests
// and answers against the schemas themselves. Only tests load this at run time: no command does.
export * from './common.js';
export * from './folders.js';
export * from './operations.js';
export * from './queries.js';
export * from './resources.js';
export * from './transfer.js';
