import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { constants, createWriteStream, type WriteStream } from 'node:fs';
import { chmod, copyFile, lstat, readlink, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { bodyChunks, type BodyReadOptions } from '../api/body-chunks.js';
import { readWithin } from '../api/transport.js';
import { describeErrorBody, type Http, type OpenAnswer } from '../api/http.js';
import type { ExportFileLink, ExportJob } from '../api/types.js';
import type { Context } from '../context.js';
import { ApiError, AuthError, DgwError, InterruptedError, LocalFaultError, NetworkError, NotFoundError, UsageError } from '../errors.js';
import { fileFault } from '../local-faults.js';
import { writeOut } from '../output/io.js';

/** A file (written under a temporary name, then renamed), stdout, or a non-file written into as `>>` would. */
export type Destination = { file: string } | { stdout: true } | { stream: string; fd?: number };

/** How many symlinks `-o` may pass through (as the kernel's own limit). */
const MAX_LINKS = 40;

/** The `-o` destination, checked before sending; symlinks are followed, non-regular files and descriptors written into, never replaced. */
export async function destinationOf(ctx: Context, output: string | undefined): Promise<Destination> {
  if (output === undefined || output === '-') return { stdout: true };
  if (output === '') throw new UsageError('-o is empty (an unset variable?); name a file, or - for stdout');
  if (output.endsWith('/') || output.endsWith(path.sep)) throw new UsageError(`-o: ${output} ends in ${path.sep}, as a folder does; name a file`);
  const given = path.resolve(ctx.cwd, output);
  const { file, fd } = await followLinks(given, output);
  if (fd === 1) return { stdout: true };
  if (fd !== undefined) return { stream: given, fd };
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) throw new UsageError(`-o: ${output} is a folder; name a file`);
  if (info && !info.isFile()) return { stream: given };
  const folder = await stat(path.dirname(file)).catch(() => undefined);
  if (!folder?.isDirectory()) {
    const blocker = await fileOnTheWay(path.dirname(file));
    if (blocker) throw new UsageError(`-o: ${blocker} is a file, not a folder, so ${output}${file === given ? '' : ` (a link to ${file})`} cannot be made under it`);
    throw new UsageError(`-o: the folder of ${output}${file === given ? '' : ` (a link to ${file})`} does not exist`);
  }
  if (Buffer.byteLength(path.basename(file)) > 255) throw new UsageError(`-o: the name of ${output} is longer than 255 bytes, the most a file system takes for a file name`);
  return { file };
}

/** The nearest existing ancestor of `folder` (itself included) when it is not a folder. */
async function fileOnTheWay(folder: string): Promise<string | undefined> {
  for (let at = folder; ; at = path.dirname(at)) {
    const info = await stat(at).catch(() => undefined);
    if (info) return info.isDirectory() ? undefined : at;
    if (at === path.dirname(at)) return undefined;
  }
}

/** The end of a symlink chain; a /proc/PID/fd entry yields a descriptor of this process. */
async function followLinks(start: string, shown: string): Promise<{ file: string; fd?: number }> {
  let file = start;
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    const folder = await realpath(path.dirname(file)).catch(() => undefined);
    const descriptor = folder && /^\/proc\/[^/]+\/fd$/.test(folder) && /^\d+$/.test(path.basename(file));
    if (descriptor) {
      const self = await realpath('/proc/self').catch(() => undefined);
      return folder === `${self}/fd` ? { file, fd: Number(path.basename(file)) } : { file: path.join(folder, path.basename(file)) };
    }
    const info = await lstat(file).catch(() => undefined);
    if (!info?.isSymbolicLink()) return { file };
    file = path.resolve(path.dirname(file), await readlink(file));
  }
  throw new UsageError(`-o: ${shown} passes through more than ${MAX_LINKS} symlinks (a loop?)`);
}

/** A kernel copy cannot be stopped midway, so it is capped to keep Ctrl-C within cli.ts's grace; larger files stream. */
const KERNEL_COPY_MAX_BYTES = 256 * 2 ** 20;

/** What a download reports as it goes: the bytes of each chunk, as its body is read. */
export type DownloadEvents = Pick<BodyReadOptions, 'onBytes'>;

/** Downloads into a temporary file renamed only when complete, so failures leave no partial file; a refused link is asked for again once. */
export async function downloadExport(ctx: Context, http: Http, job: ExportJob, destination: Destination, refresh: () => Promise<ExportJob>, events: DownloadEvents = {}): Promise<number> {
  if (job.files.length === 0) {
    if (!job.downloadable && job.status === 'SUCCEEDED') throw new AuthError(`export ${job.id} may only be downloaded by whoever made it (downloadable: false)`);
    throw new NotFoundError(`export ${job.id} has no files to download (status ${job.status || 'unknown'})`);
  }
  const gzip = job.compression.toUpperCase() === 'GZIP' || job.files.some((f) => f.name.endsWith('.gz'));
  if ('stdout' in destination && gzip && ctx.io.stdout.isTTY) throw new UsageError('the export is gzip-compressed: write it to a file with -o FILE, or pipe it (| gunzip)');
  const sink = await openSink(ctx, destination, !gzip);
  let links = job;
  let written = 0;
  try {
    let firstLine: Buffer | undefined;
    for (const [index, wanted] of job.files.entries()) {
      let response: OpenAnswer | undefined;
      for (let attempt = 0; ; attempt++) {
        const file = links.files.find((f) => f.name === wanted.name) ?? links.files[index];
        // A gzip export's bytes are its file: kept as stored, even when served with Content-Encoding: gzip.
        response = await http.link(file.url, ctx.signal, gzip ? 'gzip' : undefined);
        if (response.status >= 200 && response.status < 300) break;
        const refused = response.status === 401 || response.status === 403 || response.status === 410;
        if (refused && attempt === 0) {
          await response.cancel().catch(() => undefined);
          links = await refresh();
          continue;
        }
        throw await linkError(response, file, http.timeoutMs);
      }
      // A file of the gateway in this process, the only file: the kernel copies it (no bytes through JavaScript).
      const whole = response.file;
      if (whole && sink instanceof FileSink && job.files.length === 1 && whole.bytes <= KERNEL_COPY_MAX_BYTES) {
        try {
          written += await sink.copy(whole, wanted.name, ctx.signal);
        } finally {
          await response.cancel().catch(() => undefined);
        }
        events.onBytes?.(whole.bytes);
        continue;
      }
      // Several CSV files: each starts with the header line, which is written once.
      const csv = !gzip && job.format.toUpperCase() === 'CSV' && job.files.length > 1;
      let head: Buffer | undefined = csv ? Buffer.alloc(0) : undefined;
      for await (const chunk of bodyChunks(response, { signal: ctx.signal, idleMs: http.timeoutMs, what: `the download of ${wanted.name}`, onBytes: events.onBytes })) {
        if (!head) {
          written += await sink.write(chunk);
          continue;
        }
        head = Buffer.concat([head, chunk]);
        const nl = head.indexOf(10);
        if (nl < 0) continue;
        const line = head.subarray(0, nl + 1);
        if (index === 0) firstLine = Buffer.from(line);
        written += await sink.write(index > 0 && firstLine?.equals(line) ? head.subarray(nl + 1) : head);
        head = undefined;
      }
      if (head && head.length > 0) written += await sink.write(head);
    }
    await sink.commit();
    return written;
  } catch (error) {
    await sink.abandon();
    throw error;
  }
}

/** Bytes already in hand, written to a `-o` destination as a download is: a file under a temporary name renamed when whole, a stream, or stdout. */
export async function saveBytes(ctx: Context, destination: Destination, bytes: Uint8Array): Promise<void> {
  const sink = await openSink(ctx, destination, false);
  try {
    await sink.write(bytes);
    await sink.commit();
  } catch (error) {
    await sink.abandon();
    throw error;
  }
}

/** `text`: stdout on a terminal shows the bytes as safe text. */
async function openSink(ctx: Context, destination: Destination, text: boolean): Promise<Sink> {
  if ('file' in destination) return FileSink.open(destination.file);
  if ('stream' in destination) return StreamSink.open(destination.stream, destination.fd);
  return new StdoutSink(ctx, text);
}

/** A link the service refused or could not serve, in dgw's words. */
async function linkError(response: OpenAnswer, file: ExportFileLink, limitMs: number): Promise<DgwError> {
  // Within --timeout: a store that sends the head and then nothing must not hold the command.
  const text = await readWithin(response, limitMs);
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // An object store answers XML or text.
  }
  const { message } = describeErrorBody(data, response.status, response.statusText);
  if (response.status === 401 || response.status === 403 || response.status === 410) {
    return new DgwError('rejected', `the download link of ${file.name} was refused twice, a fresh one too (${/expired/i.test(text) ? 'it expired' : message})`, {
      status: response.status,
      hint: 'read the export again for new links (`dgw export get ID -o FILE`); if links expire at once, check this machine\'s clock',
    });
  }
  if (response.status === 404) return new NotFoundError(`the file ${file.name} is gone from the service (${message})`);
  return new ApiError(response.status, `the download of ${file.name} failed: ${message}`);
}

interface Sink {
  write(chunk: Uint8Array): Promise<number>;
  commit(): Promise<void>;
  abandon(): Promise<void>;
}

/** Something that is not a regular file (a named pipe, a device, a descriptor of this process), written into as the bytes come. */
class StreamSink implements Sink {
  protected constructor(
    protected readonly target: string,
    protected readonly out: WriteStream,
  ) {}

  /** `fd`: a descriptor of this process to write to (left open at the end), instead of opening `target`. */
  static async open(target: string, fd?: number): Promise<StreamSink> {
    if (fd !== undefined) return new StreamSink(target, createWriteStream('', { fd, autoClose: false }));
    // Appending: where the name is a file a shell opened (`-o /proc/PID/fd/N`), what it holds stays.
    return new StreamSink(target, await opened(createWriteStream(target, { flags: 'a' }), target));
  }

  async write(chunk: Uint8Array): Promise<number> {
    if (!this.out.write(chunk)) {
      await once(this.out, 'drain').catch((error: Error) => {
        throw fileFault(error, this.target) ?? error;
      });
    }
    return chunk.byteLength;
  }

  async commit(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.out.end((ended?: Error | null) => {
        // A write that failed after it was taken (ENOSPC) leaves end() only "stream destroyed".
        const error = this.out.errored ?? ended;
        if (error) reject(fileFault(error, this.target) ?? error);
        else resolve();
      }),
    );
  }

  async abandon(): Promise<void> {
    this.out.destroy();
  }
}

/** A file written under a temporary name beside its destination, renamed into place at the end. */
class FileSink extends StreamSink {
  private copied = false;

  private constructor(
    target: string,
    private readonly temp: string,
    out: WriteStream,
  ) {
    super(target, out);
  }

  static override async open(target: string): Promise<FileSink> {
    // Cut, so that a name within the 255 bytes a file name may have stays within them (60 characters are at most 240 bytes).
    const temp = path.join(path.dirname(target), `.${path.basename(target).slice(0, 60)}.${randomBytes(4).toString('hex')}.part`);
    const mode = (await stat(target).catch(() => undefined))?.mode ?? 0o644;
    return new FileSink(target, temp, await opened(createWriteStream(temp, { flags: 'wx', mode: (mode & 0o777) | 0o200 }), target));
  }

  /** A kernel copy (never a shared link) into the empty temporary file; Ctrl-C is heard once it is done. */
  async copy(file: { path: string; bytes: number }, name: string, signal?: AbortSignal): Promise<number> {
    if (signal?.aborted) throw new InterruptedError();
    const { mode } = await stat(this.temp);
    await new Promise<void>((resolve) => this.out.destroy().once('close', resolve));
    this.copied = true;
    try {
      await copyFile(file.path, this.temp, constants.COPYFILE_FICLONE);
    } catch (error) {
      // The error names the source whichever file failed: only the source can be missing or forbidden (the temporary file is dgw's own).
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && !(await stat(file.path).catch(() => undefined))) throw new NotFoundError(`the file ${name} is gone from the local gateway (the export expired or was removed)`);
      throw fileFault(error, code === 'ENOENT' || code === 'EACCES' || code === 'EPERM' ? file.path : this.target) ?? error;
    }
    if (signal?.aborted) throw new InterruptedError();
    await chmod(this.temp, mode & 0o777);
    const { size } = await stat(this.temp);
    if (size !== file.bytes) throw new NetworkError(`the download of ${name} ended before it was complete: copied ${size} of its ${file.bytes} bytes`);
    return size;
  }

  override async commit(): Promise<void> {
    if (!this.copied) await super.commit();
    await rename(this.temp, this.target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw fileFault(error, this.target) ?? error;
      const folder = path.dirname(this.target);
      const gone = (await stat(folder).catch(() => undefined)) ? `dgw's partial file ${path.basename(this.temp)} in ${folder} was` : `its folder ${folder} was`;
      throw new LocalFaultError('FILE_ACCESS', `cannot write ${this.target}: ${gone} removed during the download (ENOENT)`, `make sure ${folder} exists and nothing removes files from it meanwhile, then run the command again`, error);
    });
  }

  override async abandon(): Promise<void> {
    await super.abandon();
    await rm(this.temp, { force: true });
  }
}

/** `out` once it has opened; a failure to open names `file`. */
async function opened(out: WriteStream, file: string): Promise<WriteStream> {
  await new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve());
    out.once('error', (error: NodeJS.ErrnoException) =>
      reject(fileFault(error, file) ?? (error.code === 'ENOENT' ? new LocalFaultError('FILE_ACCESS', `cannot write ${file}: its folder takes no new files (ENOENT)`, `name a file in a folder that can be written (${path.dirname(file)} cannot)`, error) : error)),
    );
  });
  return out;
}

/** stdout: text shown safely on a terminal; in a pipe, the bytes as they are. */
class StdoutSink implements Sink {
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly ctx: Context,
    private readonly text: boolean,
  ) {}

  async write(chunk: Uint8Array): Promise<number> {
    const stdout = this.ctx.io.stdout;
    const data = this.text && stdout.isTTY ? this.ctx.out.onScreen(this.decoder.decode(chunk, { stream: true }), '\n\t') : chunk;
    await writeOut(stdout, data);
    return chunk.byteLength;
  }

  async commit(): Promise<void> {}

  async abandon(): Promise<void> {}
}
