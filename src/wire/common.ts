import Type, { type TProperties, type TSchema } from 'typebox';

// The document requires almost no field, so most are optional; objects are closed to hold requests and hosted answers to it.

/** An object with exactly these properties and no others; `description` documents it in a published schema. */
export function Closed<P extends TProperties>(properties: P, description?: string) {
  return Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
}

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** An optional field that may also be null. */
export function Maybe<T extends TSchema>(schema: T) {
  return Type.Optional(Nullable(schema));
}

export const Opt = Type.Optional;

/** A string the document gives the `uuid` format. */
export function Uuid() {
  return Type.String({ format: 'uuid' });
}

/** A string the document gives the `date-time` format. */
export function DateTime() {
  return Type.String({ format: 'date-time' });
}

/** Where the document declares one object but its examples carry an array of them: both are read. */
export function OneOrMany<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Array(schema)]);
}

/** The documented error body; related services add fields (traceId), so it stays open. */
export const ErrorBody = Type.Object({
  errorCode: Type.Union([Type.String(), Type.Number()]),
  message: Type.String(),
});
