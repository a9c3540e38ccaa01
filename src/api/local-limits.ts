/** Longest SQL text the local gateway takes for a statement or a saved query's definition, in bytes of UTF-8. */
export const MAX_STATEMENT_BYTES = 256 * 1024;

/** Longest golden SQL question or SQL the local gateway takes, in characters. */
export const MAX_GOLDEN_TEXT = 100_000;
