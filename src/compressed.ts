/** How a file's first bytes say it is compressed: the format's name and the command that decompresses it to stdout. */
export interface Compression {
  name: string;
  decompress: string;
}

const MAGIC: Array<[number[], Compression]> = [
  [[0x1f, 0x8b], { name: 'gzip', decompress: 'gzip -dc' }],
  [[0x28, 0xb5, 0x2f, 0xfd], { name: 'zstd', decompress: 'zstd -dc' }],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], { name: 'xz', decompress: 'xz -dc' }],
  [[0x42, 0x5a, 0x68], { name: 'bzip2', decompress: 'bzip2 -dc' }],
];

/** The compression `head` (a file's first bytes) starts with, if any. */
export function compressionOf(head: Uint8Array): Compression | undefined {
  return MAGIC.find(([magic]) => magic.every((b, i) => head[i] === b))?.[1];
}

/** Whether `head` starts a ZIP archive (an .xlsx workbook is one). */
export const isZip = (head: Uint8Array): boolean => [0x50, 0x4b, 0x03, 0x04].every((b, i) => head[i] === b);
