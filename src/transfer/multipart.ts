import { randomBytes } from 'node:crypto';

/** One part of a multipart/form-data body: a text field, or a file sent as it is read. */
export type FormPart =
  | { name: string; value: string; type?: string }
  | { name: string; filename: string; type: string; data: AsyncIterable<Uint8Array> };

const encoder = new TextEncoder();

function quoted(text: string): string {
  return `"${text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** A multipart/form-data body (RFC 7578) streamed so a file of any size goes out in constant memory; returns its content type too. */
export function multipartBody(parts: FormPart[]): { body: AsyncIterable<Uint8Array>; type: string } {
  const boundary = `dgw-${randomBytes(16).toString('hex')}`;
  async function* bytes(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      const head = [`--${boundary}`];
      if ('value' in part) {
        head.push(`Content-Disposition: form-data; name=${quoted(part.name)}`);
        if (part.type) head.push(`Content-Type: ${part.type}`);
        yield encoder.encode(`${head.join('\r\n')}\r\n\r\n${part.value}\r\n`);
        continue;
      }
      head.push(`Content-Disposition: form-data; name=${quoted(part.name)}; filename=${quoted(part.filename)}`, `Content-Type: ${part.type}`);
      yield encoder.encode(`${head.join('\r\n')}\r\n\r\n`);
      for await (const chunk of part.data) yield chunk;
      yield encoder.encode('\r\n');
    }
    yield encoder.encode(`--${boundary}--\r\n`);
  }
  return { body: bytes(), type: `multipart/form-data; boundary=${boundary}` };
}
