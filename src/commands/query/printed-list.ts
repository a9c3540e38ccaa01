// `dgw query list --json` prints 10,000 queries as fast as they arrive: when the answer is the
// local gateway's compact array and every query in it is already in the form readQuery gives
// (each field present, in its order, of its type, the schedule as readSchedule writes it), reading
// it into objects and writing them out again changes nothing but the layout. One pass over the
// answer's UTF-8 bytes checks that form and writes JSON.stringify(list, null, 2)'s layout as it
// goes; at the first byte out of that form it gives up, and the caller reads the answer as usual.
//
// A string is taken as it is when JSON.stringify would write its characters so, and dgw's JSON
// writer would leave them alone: no escape but `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t` and
// `\u00xx` (lower case) for the other characters below U+0020; no raw character below U+0020, no
// DEL (0x7F) and no C1 character (U+0080-U+009F: 0xC2 0x80-0x9F), which dgw's writer escapes. In
// valid UTF-8 every other byte belongs to a character JSON.stringify writes as it is (there are no
// lone surrogates), so bytes that are not valid UTF-8 are first read as the usual reader reads
// them (each bad sequence a U+FFFD) and written back as UTF-8.
//
// The pass is WebAssembly (printed-list.wat): string contents, nearly all of an answer, are
// checked and copied 16 bytes at a time, in code that needs no warming up. The same pass in
// JavaScript, byte by byte, took 12 to 17 ms over the 2.5 MB of 10,000 queries in a fresh process;
// this one 2 to 4 ms, and 6 to 9 ms with the copy of the answer into its memory and the new pages
// of the layout (on the machines dgw is measured on, a fresh page costs about 2.7 us: 2 ms for
// the 3 MB layout). Hence the two ways of placing them below.
import { PRINTED_LIST_WASM } from './printed-list-wasm.js';

/**
 * What `query list --json` prints for the Get Queries answer (its whole list, no field picked, no
 * jq): JSON.stringify(readQueries(JSON.parse(text)), null, 2), its DEL and C1 characters escaped,
 * and a newline, made straight from the answer (its text, or its UTF-8 bytes). Undefined when the
 * answer is not a non-empty compact array of queries in readQuery's form (or WebAssembly cannot
 * run here): the caller then reads it as usual.
 */
export function printedQueryList(answer: string | Uint8Array): Buffer | undefined {
  // A lone surrogate has no UTF-8 (JSON.stringify escapes it): only text can hold one.
  if (typeof answer === 'string' && LONE_SURROGATE.test(answer)) return undefined;
  const src = utf8(answer);
  // An answer that came into a pass's memory (answerRoom) is laid out where it is, after it.
  const room = rooms.get(src.buffer);
  if (room?.input === src.byteOffset && room.bytes === src.length) return laidOut(room) ?? undefined;
  const module = compiledPass();
  if (module === undefined) return undefined;
  // A copy of the answer is laid out over itself, from a little before it: a query's layout is
  // rarely half as long again as its answer, so the layout's new pages are half the answer's.
  // Where it catches up, the pass starts again with room for a layout twice as long (there is no
  // longer one: a query's pieces add less than its own smallest form).
  for (const gap of [(src.length >> 1) + SLACK, src.length + SLACK]) {
    const copy = passRoom(module, { input: LAYOUT_AT + gap, bytes: src.length, layout: LAYOUT_AT, end: 0 });
    if (copy === undefined) return undefined;
    new Uint8Array(copy.memory.buffer, copy.input, src.length).set(src);
    const laid = laidOut(copy);
    if (laid !== null) return laid;
  }
  return undefined;
}

/**
 * A place for a Get Queries answer of `bytes` bytes in a pass's own memory, for the transport to
 * put the answer in as it arrives (RequestSpec.bodyRoom): printedQueryList then lays it out
 * without copying it first (2.5 MB for 10,000 queries). The layout goes after the answer, which
 * stays as it is for the usual reader if the pass declines. Undefined where WebAssembly cannot run.
 */
export function answerRoom(bytes: number): Uint8Array | undefined {
  const module = compiledPass();
  const layout = LAYOUT_AT + bytes + PADDING;
  const room = module && passRoom(module, { input: LAYOUT_AT, bytes, layout, end: layout + 2 * bytes + SLACK });
  if (room === undefined) return undefined;
  rooms.set(room.memory.buffer, room);
  return new Uint8Array(room.memory.buffer, room.input, bytes);
}

/** The rooms answerRoom gave, by their memory's buffer. */
const rooms = new WeakMap<ArrayBufferLike, PassRoom>();

/** Where a pass's answer and layout go (see laidOut in printed-list.wat). */
interface Places {
  /** Where the answer is, and how long. */
  input: number;
  bytes: number;
  /** Where the layout starts: before the answer (over it), or after it, up to `end`. */
  layout: number;
  /** 0 when the layout goes over the answer. */
  end: number;
}

/** A pass of its own (a module instance: the layout handed back is a view of its memory), with its places. */
interface PassRoom extends Places {
  memory: WebAssembly.Memory;
  laidOut: PassExports['laidOut'];
}

/** A new pass with memory for its places; undefined when its memory cannot grow so far. */
function passRoom(module: WebAssembly.Module, places: Places): PassRoom | undefined {
  const { memory, laidOut } = new WebAssembly.Instance(module).exports as unknown as PassExports;
  // The answer is followed by zeros, which no check accepts: the pass reads up to 64 bytes ahead.
  const top = Math.max(places.input + places.bytes, places.end) + PADDING;
  try {
    memory.grow(Math.ceil(top / PAGE) - memory.buffer.byteLength / PAGE);
  } catch {
    return undefined; // more than a WebAssembly memory holds: read as usual
  }
  return { ...places, memory, laidOut };
}

/** The layout of the answer in `room`; undefined when the answer is declined, null when the layout caught up with it. */
function laidOut(room: PassRoom): Buffer | undefined | null {
  const written = room.laidOut(room.input, room.bytes, room.layout, room.end);
  if (written === CAUGHT_UP) return null;
  return written < 0 ? undefined : Buffer.from(room.memory.buffer, room.layout, written);
}

/** What printed-list.wat exports. */
interface PassExports {
  memory: WebAssembly.Memory;
  /** Lays out the compact list at `input` (`len` bytes) from `out` (over it, `end` 0, or after it, up to `end`): bytes written, -1 when it declines, CAUGHT_UP. */
  laidOut(input: number, len: number, out: number, end: number): number;
}

/** Where the layout goes: past the literals printed-list.wat keeps at the start of its memory. */
const LAYOUT_AT = 4096;
const PADDING = 64;
/** Room beyond what a layout's length needs, for its opening and the checks' margin (RECORD_GROWTH in printed-list.wat). */
const SLACK = 4096;
/** What the pass returns when the layout would have overwritten answer it had not read yet. */
const CAUGHT_UP = -2;
const PAGE = 65536;

let compiled: WebAssembly.Module | null | undefined;

/** The pass's module, compiled once; undefined where WebAssembly cannot run (`node --jitless`). */
function compiledPass(): WebAssembly.Module | undefined {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Buffer.from(PRINTED_LIST_WASM, 'base64'));
    } catch {
      compiled = null;
    }
  }
  return compiled ?? undefined;
}

/** The answer as valid UTF-8: text (well formed) encoded, bytes as they are when they are valid, else the text the usual reader reads from them, encoded. */
function utf8(answer: string | Uint8Array): Uint8Array {
  if (typeof answer === 'string') return Buffer.from(answer);
  if (process.getBuiltinModule('node:buffer').isUtf8(answer)) return answer;
  return Buffer.from(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength).toString('utf8'));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
