/** What the end-of-run report needs, recorded by the context as the command runs. */
export interface RunRecord {
  /** Structured output: stderr carries JSON only. Undefined until the output is settled. */
  structured?: boolean;
  /** Requests dgw sent (or tried to send): reads (GET) and changes (any other method); `refused`, the changes a 4xx answer refused. */
  sent: SentCount;
  /** Warnings held back while the output is structured. */
  warnings: string[];
}

/** Requests sent so far, for what an error says went out. */
export interface SentCount {
  reads: number;
  changes: number;
  /** Changes the service answered with a 4xx (but 408): refused, so not made. */
  refused?: number;
  /** Changes the service answered with a 2xx: made, whatever stops the command after. */
  made?: number;
}

export function newRunRecord(): RunRecord {
  return { sent: { reads: 0, changes: 0 }, warnings: [] };
}
