import { compressionOf, type Compression } from './compressed.js';
import { UsageError } from './errors.js';
import { shellWord } from './output/carry-target.js';

/** Bytes as strict UTF-8 text, a byte order mark kept; bytes that are not UTF-8 are a usage error naming the flag, `label` (a file, or stdin) and the line. */
export function utf8Text(bytes: Uint8Array, label: string, flag?: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const packed = compressionOf(bytes);
    if (packed) throw compressedText(label, packed, flag);
    const hint = label === 'stdin' ? 'send it as UTF-8, e.g. through iconv -f latin1 -t utf-8' : `re-save it as UTF-8, e.g. iconv -f latin1 -t utf-8 ${shellWord(label)} > ${shellWord(`utf8-${label.split('/').pop()}`)}`;
    throw new UsageError(`${flag === undefined ? '' : `${flag}: `}${label} is not UTF-8 text: line ${lineOfFirstBadByte(bytes)} holds bytes that are not UTF-8`, `${hint} (if it is Latin-1)`);
  }
}

/** A compressed file given where text is read: said so, with the command that decompresses it. */
function compressedText(label: string, packed: Compression, flag?: string): UsageError {
  const name = label.split('/').pop()!;
  const plain = name.replace(/\.(gz|zst|xz|bz2)$/i, '');
  const how = label === 'stdin' ? `through ${packed.decompress}` : `first: ${packed.decompress} ${shellWord(label)} > ${shellWord(plain === name ? `${name}.txt` : plain)}`;
  return new UsageError(`${flag === undefined ? '' : `${flag}: `}${label} is ${packed.name}-compressed, not UTF-8 text`, `decompress it ${how}`);
}

/** The line (from 1) of the first byte that is not UTF-8. */
export function lineOfFirstBadByte(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 10) continue;
    try {
      decoder.decode(bytes.subarray(start, i));
    } catch {
      return line;
    }
    line += 1;
    start = i + 1;
  }
  return line;
}
