/**
 * What one run of dgw did that its report at the end needs: the context records it as the
 * command runs, cli.ts reads it when the command ends (success or failure).
 */
export interface RunRecord {
  /**
   * The output is structured (JSON, --jq, YAML): stderr then carries JSON only, warnings wait for
   * the end and an error is one JSON object. Undefined until the output is settled.
   */
  structured?: boolean;
  /** Requests dgw sent (or tried to send): reads (GET) and changes (any other method). */
  sent: { reads: number; changes: number };
  /** Warnings held back while the output is structured. */
  warnings: string[];
}

export function newRunRecord(): RunRecord {
  return { sent: { reads: 0, changes: 0 }, warnings: [] };
}
