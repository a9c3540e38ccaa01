import Type from 'typebox';
import { Closed, Opt } from './common.js';

// Schemas of the document's `Data -- Metadata` operations that dgw sends.

/** Body of add golden SQL: a question and the SQL that answers it. */
export const MetadataAddGoldenSqlRequest = Closed({ prompt: Opt(Type.String()), sql: Opt(Type.String()) });

/** The document types the metadata answers as open objects. */
export const OpenObject = Type.Record(Type.String(), Type.Unknown());

/** Body of add relation: the target column and the kind of relation. */
export const MetadataAddRelationRequest = Closed({
  targetCatalogId: Opt(Type.String()),
  targetSchemaName: Opt(Type.String()),
  targetTableName: Opt(Type.String()),
  targetColumnName: Opt(Type.String()),
  type: Opt(Type.String()),
});

/** Body of update relation. */
export const MetadataUpdateRelationRequest = Closed({ type: Opt(Type.String()) });
