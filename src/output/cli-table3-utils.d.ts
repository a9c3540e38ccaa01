// cli-table3 ships no typings for its helpers; table.ts measures with cli-table3's own `strlen`,
// so the widths dgw plans are the widths cli-table3 draws (never a key cut by a disagreement).
declare module 'cli-table3/src/utils.js' {
  /** Display columns of the widest line of `text`, colour codes aside. */
  export function strlen(text: string): number;
}
