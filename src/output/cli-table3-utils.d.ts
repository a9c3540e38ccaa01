// cli-table3's helpers have no typings; its own `strlen` makes dgw's widths the ones cli-table3 draws.
declare module 'cli-table3/src/utils.js' {
  /** Display columns of the widest line of `text`, colour codes aside. */
  export function strlen(text: string): number;
}
