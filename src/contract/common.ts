import Type, { type TProperties, type TSchema } from 'typebox';

// A record dgw prints has every field present (null where there is nothing), and no other field.

/** An object with exactly these properties, every one required; `description` documents it in the published schema. */
export function Closed<P extends TProperties>(properties: P, description?: string) {
  return Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
}

/** A value or null. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}
