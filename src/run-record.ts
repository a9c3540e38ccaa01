/** What the end-of-run report needs, recorded by the context as the command runs. */
export interface RunRecord {
  /** Structured output: stderr carries JSON only. Undefined until the output is settled. */
  structured?: boolean;
  /** Requests dgw sent (or tried to send): reads (GET) and changes (any other method). */
  sent: { reads: number; changes: number };
  /** Warnings held back while the output is structured. */
  warnings: string[];
}

export function newRunRecord(): RunRecord {
  return { sent: { reads: 0, changes: 0 }, warnings: [] };
}
