// CSV as RFC 4180 writes it, lenient where files in the wild are: a quote inside an unquoted field is part of it.

/** The most columns a CSV file may have to be imported, checked before anything else is done with it. */
export const MAX_COLUMNS = 10_000;

/** Records read from the start of a text, and whether the text ended inside one more record. */
export interface HeadRecords {
  records: string[][];
  /** Characters the complete records took (what follows is the unfinished record). */
  consumed: number;
}

/** How `headRecords` reads. */
export interface RecordOptions {
  /** The text is the file's start: a U+FEFF there is a byte order mark, not data (default true). */
  start?: boolean;
  /** An empty field without quotes is null, `""` the empty string (dgw's CSV rule); else both are ''. */
  nulls?: boolean;
}

/** The complete records at the start of `text`, at most `max`; an unended last record counts only when `final`. */
export function headRecords(text: string, delimiter: string, max: number, final: boolean, options: RecordOptions = {}): HeadRecords {
  const records: string[][] = [];
  let i = options.start !== false && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let consumed = i;
  const d = delimiter.charCodeAt(0);
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  const endField = () => {
    // A NULL travels as null in a list typed as text.
    fields.push(options.nulls && field === '' && !quoted ? (null as unknown as string) : field);
    field = '';
    quoted = false;
  };
  while (i < text.length && records.length < max) {
    const c = text.charCodeAt(i);
    if (inQuotes) {
      if (c === 34) {
        if (text.charCodeAt(i + 1) === 34) {
          field += '"';
          i += 2;
          continue;
        }
        if (i + 1 >= text.length && !final) break;
        inQuotes = false;
      } else field += text[i];
      i += 1;
      continue;
    }
    if (c === 34 && field === '' && !quoted) {
      inQuotes = true;
      quoted = true;
      i += 1;
    } else if (c === d) {
      endField();
      i += 1;
    } else if (c === 10 || c === 13) {
      if (c === 13 && i + 1 >= text.length && !final) break;
      endField();
      records.push(fields);
      fields = [];
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      consumed = i;
    } else {
      field += text[i];
      i += 1;
    }
  }
  if (final && i >= text.length && records.length < max && (field !== '' || fields.length > 0 || quoted)) {
    endField();
    records.push(fields);
    consumed = text.length;
  }
  return { records, consumed };
}

/** Records of CSV written by dgw's rule, in batches as bytes arrive: an empty unquoted field is NULL, `""` the empty string. */
export async function* csvRecordBatches(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<Array<Array<string | null>>> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const options = { start: false, nulls: true };
  let text = '';
  for await (const chunk of bytes) {
    text += decoder.decode(chunk, { stream: true });
    const { records, consumed } = headRecords(text, ',', Infinity, false, options);
    text = text.slice(consumed);
    if (records.length > 0) yield records;
  }
  text += decoder.decode();
  const { records } = headRecords(text, ',', Infinity, true, options);
  if (records.length > 0) yield records;
}

/** Each record of `csvRecordBatches` with the line of the file it starts on (a quoted field may hold line breaks). */
export async function* numberedRecords(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<{ line: number; record: Array<string | null> }> {
  let line = 1;
  for await (const batch of csvRecordBatches(bytes)) {
    for (const record of batch) {
      yield { line, record };
      line += record.join('').split('\n').length;
    }
  }
}

/** Rewrites CSV with another delimiter as comma-separated CSV, chunk by chunk, keeping line numbers: the hosted import reads commas only. */
export class CsvTranscoder {
  private readonly d: number;
  private inQuotes = false;
  private afterQuote = false;
  private field = '';
  private atFieldStart = true;

  constructor(delimiter: string) {
    this.d = delimiter.charCodeAt(0);
  }

  /** The comma-separated text of `text`, which continues what came before. */
  push(text: string): string {
    let out = '';
    let i = 0;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (this.inQuotes) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          out += text.slice(i);
          return out;
        }
        out += text.slice(i, q + 1);
        i = q + 1;
        if (i >= text.length) {
          // `""` or the closing quote: the next chunk tells.
          this.inQuotes = false;
          this.afterQuote = true;
          return out;
        }
        if (text.charCodeAt(i) === 34) {
          out += '"';
          i += 1;
        } else {
          this.inQuotes = false;
          this.afterQuote = true;
        }
        continue;
      }
      // A quote opens a field, or, right after the quote that ended the last chunk, was the second of a doubled pair.
      if ((this.atFieldStart || this.afterQuote) && c === 34) {
        out += '"';
        this.inQuotes = true;
        this.atFieldStart = false;
        this.afterQuote = false;
        i += 1;
        continue;
      }
      if (c === this.d || c === 10 || c === 13) {
        out += this.endField() + (c === this.d ? ',' : text[i]);
        this.afterQuote = false;
        this.atFieldStart = true;
        i += 1;
        continue;
      }
      this.atFieldStart = false;
      if (this.afterQuote) out += text[i];
      else this.field += text[i];
      i += 1;
    }
    return out;
  }

  /** What is left at the end of the input. */
  end(): string {
    return this.endField();
  }

  private endField(): string {
    const f = this.field;
    this.field = '';
    return /[,"]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f;
  }
}
