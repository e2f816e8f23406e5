// Kept, measured need (issue 30): without the repair pdf.js loads the whole file to rebuild a damaged table: a damaged 50 MB scan of 40 pages raised the reader's peak by 143 MB (repaired 0.5 MB; bound 64 MB).
// A damaged cross-reference table or stream, repaired in constant memory (issue 15). pdf.js follows
// the last `startxref` to the table of where each object lies; when that fails (the number is off,
// the table is garbage or points at the wrong bytes, the trailer is missing) it loads the WHOLE file
// into its copy and indexes every object (its XRef.indexObjects): 50 MB resident for a 50 MB
// upload, on top of the rest. Here, before pdf.js opens the file:
//
// 1. `xrefIsSound` checks, cheaply, what pdf.js would follow: the last startxref, the classic tables
//    there and along their /Prev chain (their syntax, a trailer with /Root, and that every in-use
//    entry points at its own `num gen obj` header), and likewise cross-reference streams (an
//    `N G obj` /Type /XRef stream, decoded by xref-stream.ts: its entries read as pdf.js reads
//    them, each at an offset checked like a table's, each object stream it names listed at an
//    offset). A stream that cannot be decoded (damaged, a bomb past 4 MB) is not sound.
// 2. If not sound, `repairXref` walks the file a window (1 MiB) at a time exactly as indexObjects
//    walks its copy (the same tokens, the same regular expressions, a later object replacing an
//    earlier one of the same generation), keeping only each object's offset, the trailers'
//    positions and which objects are cross-reference streams and object streams. Then, as
//    indexObjects does after its walk, each cross-reference stream in file order and along its
//    /Prev chain adds the numbers nothing has taken yet: compressed objects (object stream and
//    index) above all, since a header found in the walk keeps its offset. Then (an addition to
//    pdf.js, as MuPDF's repair does) the object streams' own headers locate the compressed objects
//    no stream does (its data damaged, the stream cut off). The trailer is picked as indexObjects
//    picks it (a classic trailer whose /Root is a catalog whose /Pages has an integer /Count, one
//    with /ID first), else the first cross-reference stream's dictionary with a usable /Root (pdf.js
//    takes the first it read, usable or not). The result is written as a cross-reference stream
//    (uncompressed: every object, compressed ones included, and /Root /Info /ID): an appendix the
//    caller serves after the file's last byte (pdf-file.ts), so pdf.js finds it as the last
//    startxref and never falls back to reading everything. The file itself is not copied or changed.
//
// What is not repaired (`repairXref` answers null and pdf.js does as before, reading the whole
// file): a cross-reference stream with a filter other than FlateDecode ("xref_streams"), files
// with an /Encrypt trailer (refused anyway), and files with more than MAX_OBJECTS objects or
// MAX_TRAILERS trailers or cross-reference streams. One more addition to indexObjects: with no
// usable trailer at all, the last /Type /Catalog object (in an object stream too) becomes /Root
// (pdf.js refuses such a file; Acrobat opens it).
//
// Bounds: each stream read is at most 4 MB of the file and inflates to at most 4 MB (node:zlib's
// maxOutputLength: a compression bomb costs that and reads as damaged), 64 MB inflated in all; a
// stream without a usable /Length is searched for `endstream` only up to where the walk found the
// object to end; a stream's head is read 2 KB first; and all that is read after the walk (stream
// heads and data, trailers, dictionaries) is at most READ_BUDGET (128 MB), past which the file is
// left to pdf.js ("too_costly"), as with too many objects. The index is typed arrays
// (ObjectIndex), not an object an entry.
//
// It reads through a function, so it is testable on bytes; service only (it decodes with Buffer).

import {
  type PdfDict,
  type ObjectStream,
  type ReadInto,
  MAX_DECODED_BYTES,
  ObjectParser,
  PdfName,
  PdfRef,
  PdfString,
  latin1,
  objectStream,
  objectText,
  readStreamData,
  readStreamHead,
  readText,
  xrefStreamEntries,
} from "./xref-stream";

export type { ReadInto } from "./xref-stream";

/** How much of the file one step of the walk holds (and a string as long). */
const WINDOW_BYTES = 1024 * 1024;
/** A match ending this close to a window's end may continue past it: it is looked at again. */
const MARGIN = 1024;
/**
 * Beyond this many objects no repair, and no check of a table: the index (an entry an object) and
 * the table written (20 bytes an object) would cost megabytes (a 2,000-page scan has 6,000). pdf.js
 * then does as it did, within the reader thread's heap cap.
 */
export const MAX_OBJECTS = 200_000;
/**
 * Most trailers the repair weighs; a file with more is left to pdf.js, as before the repair. Real
 * files have one per incremental update. Each is read and its /Root followed, so without a bound a
 * file of nothing but trailers would keep the one reader thread busy for minutes.
 */
export const MAX_TRAILERS = 100;
/** The longest dictionary of a catalog or page tree looked at (a /Kids of 100,000 pages). */
const MAX_DICTIONARY_BYTES = 4 * 1024 * 1024;
/** The longest classic table `xrefIsSound` reads. */
const MAX_TABLE_BYTES = 20 * MAX_OBJECTS + 64 * 1024;

// indexObjects' expressions (pdf.js 5.x, XRef.indexObjects), used unchanged so the walk finds what
// it finds; plus `/XRef`, which it looks for in each object to spot cross-reference streams.
const END_OF_OBJECT = /\b(endobj|\d+\s+\d+\s+obj|xref|trailer\s*<<)\b|(\/XRef)/g;
const END_OF_TRAILER = /\b(startxref|\d+\s+\d+\s+obj)\b/g;
const OBJ_HEADER = /^(\d+)\s+(\d+)\s+obj\b/;
const NOT_SPACE = /[^\t\n\r ]/g;
const LINE_END = /[\n\r]/g;
const TOKEN_END = /[\n\r<]/g;
const TRAILER = /trailer/g;
const STARTXREF = /startxref/g;

interface Found {
  index: number;
  match: RegExpExecArray;
}

/** The file seen through one window at a time, with searches that cross windows. */
class Walker {
  private buffer = new Uint8Array(WINDOW_BYTES);
  /** The window: the file's bytes [start, start + text.length). */
  private start = 0;
  private text = "";
  private sinceCollected = 0;

  constructor(
    private readonly read: ReadInto,
    readonly size: number,
    private readonly collectGarbage?: () => void,
  ) {}

  private get end(): number {
    return this.start + this.text.length;
  }

  /** Loads the window from one byte before `p` (so `\b` at p sees what precedes it). */
  private async load(p: number): Promise<void> {
    const start = Math.max(0, p - 1);
    const length = Math.min(WINDOW_BYTES, this.size - start);
    let filled = 0;
    while (filled < length) {
      const n = await this.read(this.buffer.subarray(filled), start + filled, length - filled);
      if (n <= 0) break;
      filled += n;
    }
    this.text = "";
    this.sinceCollected += filled;
    if (this.collectGarbage && this.sinceCollected >= 2 * WINDOW_BYTES) {
      this.sinceCollected = 0;
      this.collectGarbage();
    }
    this.start = start;
    this.text = latin1(this.buffer, filled);
  }

  private async ensure(p: number, need: number): Promise<void> {
    const fits = this.start <= Math.max(0, p - 1) && (p + need <= this.end || this.end >= this.size);
    if (!fits || this.text.length === 0) await this.load(p);
  }

  /** Up to `length` bytes from `p`, as text. */
  async textAt(p: number, length: number): Promise<string> {
    await this.ensure(p, length);
    return this.text.slice(p - this.start, p - this.start + length);
  }

  /** The first match of the global expression `re` at or after `p`, or null. */
  async find(p: number, re: RegExp): Promise<Found | null> {
    for (;;) {
      if (p >= this.size) return null;
      await this.ensure(p, MARGIN);
      re.lastIndex = p - this.start;
      const match = re.exec(this.text);
      const last = this.end >= this.size;
      if (match && (last || match.index + match[0].length < this.text.length - MARGIN)) {
        return { index: this.start + match.index, match };
      }
      if (last) return null;
      const next = match ? this.start + match.index : this.end - MARGIN;
      // A match longer than a window (megabytes of white space inside it): taken as it is.
      if (match && next <= p) return { index: next, match };
      p = Math.max(p + 1, next);
      await this.load(p);
    }
  }
}

/** What an object number is known as. */
export enum Kind {
  /** Listed as free, or as nothing pdf.js can fetch: the number is taken, the object absent. */
  Free = 0,
  /** At an offset (field2, counted from %PDF-) with a generation (field3). */
  Offset = 1,
  /** In the object stream numbered field2, at index field3 (a cross-reference stream says so). */
  Compressed = 2,
  /** As Compressed, found only by reading the object stream's own header (the repair's addition). */
  InObjectStream = 3,
}

/**
 * Object number → what it is, in typed arrays (a slot an object, 25 bytes) and one Map of numbers
 * to slots: an index of 200,000 objects is a few megabytes, not an object a number.
 */
export class ObjectIndex {
  private readonly slots = new Map<number, number>();
  private nums = new Float64Array(1024);
  private kinds = new Uint8Array(1024);
  private field2 = new Float64Array(1024);
  private field3 = new Float64Array(1024);

  get size(): number {
    return this.slots.size;
  }

  has(num: number): boolean {
    return this.slots.has(num);
  }

  kind(num: number): Kind | undefined {
    const slot = this.slots.get(num);
    return slot === undefined ? undefined : (this.kinds[slot] as Kind);
  }

  /** [kind, field2, field3] of `num`, or undefined. */
  get(num: number): { kind: Kind; field2: number; field3: number } | undefined {
    const slot = this.slots.get(num);
    if (slot === undefined) return undefined;
    return { kind: this.kinds[slot] as Kind, field2: this.field2[slot]!, field3: this.field3[slot]! };
  }

  /** Sets `num`; answers false when that would be more than MAX_OBJECTS numbers. */
  set(num: number, kind: Kind, field2: number, field3: number): boolean {
    let slot = this.slots.get(num);
    if (slot === undefined) {
      if (this.slots.size >= MAX_OBJECTS) return false;
      slot = this.slots.size;
      if (slot === this.kinds.length) this.grow();
      this.slots.set(num, slot);
      this.nums[slot] = num;
    }
    this.kinds[slot] = kind;
    this.field2[slot] = field2;
    this.field3[slot] = field3;
    return true;
  }

  private grow(): void {
    const length = this.kinds.length * 2;
    const widen = <T extends Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(length);
      b.set(a);
      return b;
    };
    this.nums = widen(this.nums, (n) => new Float64Array(n));
    this.kinds = widen(this.kinds, (n) => new Uint8Array(n));
    this.field2 = widen(this.field2, (n) => new Float64Array(n));
    this.field3 = widen(this.field3, (n) => new Float64Array(n));
  }

  /** The numbers, ascending. */
  sortedNums(): Float64Array {
    return this.nums.slice(0, this.slots.size).sort();
  }
}

/** A dictionary's text from `<<` at `at` to its `>>`, strings and hex strings skipped; or null. */
function dictionaryText(text: string, at: number): string | null {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === "<") {
      if (text[i + 1] === "<") {
        depth++;
        i++;
      } else {
        const close = text.indexOf(">", i);
        if (close < 0) return null;
        i = close;
      }
    } else if (c === ">") {
      if (text[i + 1] === ">") {
        depth--;
        i++;
        if (depth === 0) return text.slice(at, i + 1);
      }
    } else if (c === "(") {
      let nested = 0;
      for (i++; i < text.length; i++) {
        if (text[i] === "\\") i++;
        else if (text[i] === "(") nested++;
        else if (text[i] === ")" && nested-- === 0) break;
      }
    } else if (c === "%") {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    }
  }
  return null;
}

function reference(dict: string, key: string): { num: number; gen: number } | null {
  const m = new RegExp(
    `/${key}[\\0\\t\\n\\f\\r ]*(\\d+)[\\0\\t\\n\\f\\r ]+(\\d+)[\\0\\t\\n\\f\\r ]+R\\b`,
  ).exec(dict);
  return m ? { num: Number(m[1]), gen: Number(m[2]) } : null;
}

const WS = "[\\0\\t\\n\\f\\r ]";
/** PDF white space and comments, as pdf.js's lexer skips them before a token. */
const SKIP = new RegExp(`^(?:${WS}|%[^\\n\\r]*)*`);

/** Where pdf.js's offsets count from: its "%PDF-" (in the first KiB), else the file's start. */
export async function headerOffset(read: ReadInto, size: number): Promise<number> {
  const at = (await readText(read, 0, 1024, size)).indexOf("%PDF-");
  return at < 0 ? 0 : at;
}

/** The number after the last `startxref`, as pdf.js reads it (0 when there is none or no number). */
async function lastStartxref(read: ReadInto, size: number): Promise<number | null> {
  const tailBytes = Math.min(size, 4096);
  const tail = await readText(read, size - tailBytes, tailBytes, size);
  const at = tail.lastIndexOf("startxref");
  if (at < 0) return null;
  let i = at + 9;
  while (i < tail.length && " \t\n\r".includes(tail[i]!)) i++;
  let digits = "";
  while (i < tail.length && tail.charCodeAt(i) >= 0x20 && tail.charCodeAt(i) <= 0x39) digits += tail[i++];
  const n = parseInt(digits, 10);
  return Number.isNaN(n) ? 0 : n;
}

/** An object's header, as pdf.js's lexer reads it at an entry's offset. */
const HEADER = new RegExp(
  `^(?:${WS}|%[^\\n\\r]*)*(\\d+)${WS}+(\\d+)${WS}+obj(?![^\\0\\t\\n\\f\\r <>\\[\\]()/%{}])`,
);

/** Whether the object `num gen` starts at `offset` (pdf.js's test of an entry). */
async function headerAt(read: ReadInto, size: number, offset: number, num: number, gen: number) {
  const m = HEADER.exec(await readText(read, offset, 64, size));
  return m !== null && Number(m[1]) === num && Number(m[2]) === gen;
}

/**
 * Whether pdf.js can open the file by its cross-reference data without rebuilding it: see the top
 * of this file. `start` is headerOffset's answer. Reads the tables and cross-reference streams, and
 * a few bytes at each entry.
 */
export async function xrefIsSound(read: ReadInto, size: number, start: number): Promise<boolean> {
  return (await soundXref(read, size, start)) !== null;
}

/** What the newest trailer (or cross-reference stream's dictionary) names. */
export interface TrailerRefs {
  root: Ref;
  info: Ref | null;
  /** Its /ID as written, or null. */
  id: string | null;
  encrypted: boolean;
}

/** A sound cross-reference chain: every object it lists, and its newest trailer. */
export interface SoundXref {
  index: ObjectIndex;
  /** The file's last startxref: where its newest cross-reference section is. */
  startxref: number;
  /** Null only when not complete (the check stopped before the first trailer). */
  trailer: TrailerRefs | null;
  /**
   * False when the chain lists more than MAX_OBJECTS objects: too many to check, the file is left
   * to pdf.js as it is, and the index holds the first ones.
   */
  complete: boolean;
}

/** xrefIsSound's check, answering what it read (null: not sound). */
export async function soundXref(read: ReadInto, size: number, start: number): Promise<SoundXref | null> {
  const first = await lastStartxref(read, size);
  if (first === null) return null;
  const queue = [first];
  const visited = new Set<number>();
  const entries = new ObjectIndex();
  let trailer: TrailerRefs | null = null;
  // What the cross-reference streams along the chain may inflate to, all told.
  let decodeBudget = 4 * MAX_DECODED_BYTES;
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (visited.has(at) || visited.size > 64) continue;
    visited.add(at);
    const head = await readText(read, start + at, 1024, size);
    const skipped = SKIP.exec(head)![0].length;
    const rest = head.slice(skipped);
    let prev: number | null;
    if (/^xref(?![^\0\t\n\f\r <>[\]()/%{}])/.test(rest)) {
      // A classic table: read it whole (to its trailer's dictionary) and parse it as pdf.js does.
      let text = "";
      let trailerAt = -1;
      for (let p = start + at + skipped + 4; p < size && text.length < MAX_TABLE_BYTES; p += 256 * 1024) {
        text += await readText(read, p, 256 * 1024, size);
        trailerAt = text.indexOf("trailer");
        if (trailerAt >= 0 && dictionaryText(text, text.indexOf("<<", trailerAt)) !== null) break;
      }
      if (trailerAt < 0) return null;
      // Token by token (no array of them: a table may have a hundred thousand entries).
      const TOKEN = /[^\0\t\n\f\r ]+/g;
      const next = () => {
        const m = TOKEN.exec(text);
        return m && m.index < trailerAt ? m[0] : null;
      };
      for (let head = next(); head !== null; head = next()) {
        const countToken = next();
        if (!/^\d+$/.test(head) || !/^\d+$/.test(countToken ?? "")) return null;
        let firstNum = Number(head);
        const count = Number(countToken);
        for (let i = 0; i < count; i++) {
          const [offset, gen, type] = [next(), next(), next()];
          if (!/^\d+$/.test(offset ?? "") || !/^\d+$/.test(gen ?? "") || (type !== "n" && type !== "f")) {
            return null;
          }
          if (i === 0 && type === "f" && firstNum === 1) firstNum = 0;
          const num = firstNum + i;
          if (!entries.has(num)) {
            // Too many to check: left to pdf.js, as before.
            if (!entries.set(num, type === "n" ? Kind.Offset : Kind.Free, Number(offset), Number(gen)))
              return { index: entries, startxref: first, trailer, complete: false };
          }
        }
      }
      const open = text.indexOf("<<", trailerAt);
      if (open < 0 || !/^trailer(?:[\0\t\n\f\r ]|%[^\n\r]*)*$/.test(text.slice(trailerAt, open))) return null;
      const dict = dictionaryText(text, open);
      if (dict === null) return null;
      if (!trailer) {
        const root = reference(dict, "Root");
        if (!root) return null;
        const parsed = new ObjectParser(dict).value();
        trailer = {
          root,
          info: reference(dict, "Info"),
          id: idOf(parsed instanceof Map ? parsed : null),
          encrypted: /\/Encrypt\b/.test(dict),
        };
      }
      const xrefStm = /\/XRefStm[\0\t\n\f\r ]+(\d+)/.exec(dict);
      if (xrefStm) queue.push(Number(xrefStm[1]));
      const m = /\/Prev[\0\t\n\f\r ]+(\d+)/.exec(dict);
      prev = m ? Number(m[1]) : null;
    } else {
      // A cross-reference stream: decoded (within bounds) and read as pdf.js reads it.
      const stream = await readStreamHead(read, size, start + at);
      if (!stream) return null;
      const type = stream.dict.get("Type");
      if (!(type instanceof PdfName && type.name === "XRef")) return null;
      if (!trailer) {
        const root = refOf(stream.dict, "Root");
        if (!root) return null;
        trailer = {
          root,
          info: refOf(stream.dict, "Info"),
          id: idOf(stream.dict),
          encrypted: stream.dict.has("Encrypt"),
        };
      }
      const data = await readStreamData(read, size, stream, Math.min(MAX_DECODED_BYTES, decodeBudget));
      // Damaged, a bomb, or a filter not decoded here: repaired (or left to pdf.js).
      if (!(data instanceof Uint8Array)) return null;
      decodeBudget -= data.length;
      let tooMany = false;
      const complete = xrefStreamEntries(stream.dict, data, (num, type, field2, field3) => {
        if (num < 0 || entries.has(num)) return true;
        const kind = type === 0 ? Kind.Free : type === 1 ? Kind.Offset : Kind.Compressed;
        tooMany = !entries.set(num, kind, field2, field3);
        return !tooMany;
      });
      if (tooMany) return { index: entries, startxref: first, trailer, complete: false };
      if (!complete) return null;
      const p = stream.dict.get("Prev");
      prev = typeof p === "number" && Number.isInteger(p) ? p : null;
    }
    if (prev !== null) queue.push(prev);
  }
  if (entries.kind(0) === Kind.Offset && entries.get(0)!.field2 >= 0) return null;
  const objectStreams = new Set<number>();
  for (const num of entries.sortedNums()) {
    const entry = entries.get(num)!;
    if (entry.kind === Kind.Compressed) {
      // pdf.js fetches the object stream as `n 0 R`: it must be listed, at an offset.
      if (entry.field2 > 0) objectStreams.add(entry.field2);
      continue;
    }
    if (entry.kind !== Kind.Offset || entry.field2 <= 0) continue;
    if (!(await headerAt(read, size, start + entry.field2, num, entry.field3))) return null;
  }
  for (const num of objectStreams) {
    const entry = entries.get(num);
    if (!entry || entry.kind !== Kind.Offset || entry.field3 !== 0 || entry.field2 <= 0) return null;
  }
  return trailer && { index: entries, startxref: first, trailer, complete: true };
}

/**
 * Why repairXref left a file to pdf.js (null: repaired). "xref_streams": a cross-reference stream
 * whose filter is not decoded here (pdf.js may decode it; only FlateDecode is). "too_costly": the
 * streams, trailers and dictionaries after the walk would read more than READ_BUDGET.
 */
export type NotRepaired = "xref_streams" | "encrypted" | "too_many_objects" | "no_root" | "too_costly";

export interface XrefRepair {
  /** The bytes to serve after the file's last byte: a cross-reference stream of every object. */
  appendix: Uint8Array | null;
  /** Object numbers indexed (found by their headers, in cross-reference or object streams). */
  objects: number;
  notRepaired: NotRepaired | null;
  /** When repaired: every object as the appendix lists it, and the trailer it writes. */
  index?: ObjectIndex;
  trailer?: TrailerRefs;
}

/** The highest object number or field written in the appendix (pdf.js reads fields as int32). */
const MAX_NUMBER = 2 ** 31 - 1;
/** What the repair may inflate, all streams told (each at most MAX_DECODED_BYTES). */
const DECODE_BUDGET = 64 * 1024 * 1024;
/**
 * What the repair may read after its walk, all told: stream heads and data, trailers, catalogs
 * and page trees. A real file's streams are read about once each, so the largest accepted (50 MB)
 * made of nothing but object streams reads about 50 MB, plus a few dictionaries of at most 4 MB;
 * 128 MB leaves room for twice that. Without a bound, a 4.5 MB file of 4,000 object streams
 * without `endstream` read 17 GB (each searched through megabytes, each dictionary read 64 KB).
 */
export const READ_BUDGET = 128 * 1024 * 1024;
/** The start of a catalog's dictionary (its /Type), as the walk looks for it. */
const CATALOG = /^[\0\t\n\f\r ]*<<[^]*?\/Type[\0\t\n\f\r ]*\/Catalog\b/;
const OBJECT_STREAM = /^[\0\t\n\f\r ]*<<[^]*?\/Type[\0\t\n\f\r ]*\/ObjStm\b/;

interface Ref {
  num: number;
  gen: number;
}

/** A trailer's /ID as written (two strings), or null. */
function idOf(dict: PdfDict | null): string | null {
  const id = dict?.get("ID");
  if (!Array.isArray(id) || id.length !== 2 || !id.every((s) => s instanceof PdfString)) return null;
  return `[${(id as PdfString[]).map((s) => s.source).join(" ")}]`;
}

function refOf(dict: PdfDict, key: string): Ref | null {
  const v = dict.get(key);
  return v instanceof PdfRef ? { num: v.num, gen: v.gen } : null;
}

/**
 * Indexes every object as pdf.js's indexObjects does, a window at a time, and answers a
 * cross-reference stream for them (see the top of this file). `start` is headerOffset's answer.
 */
export async function repairXref(
  read: ReadInto,
  size: number,
  start: number,
  collectGarbage?: () => void,
): Promise<XrefRepair> {
  const walker = new Walker(read, size, collectGarbage);
  // What is read after the walk, against READ_BUDGET: past it, reads answer nothing (the stream or
  // dictionary reads as damaged) and the repair gives up at its next step.
  let readBudget = READ_BUDGET;
  let overBudget = false;
  const fileRead = read;
  read = (buffer, position, length) => {
    if (overBudget || length > readBudget) {
      overBudget = true;
      return 0;
    }
    readBudget -= length;
    return fileRead(buffer, position, length);
  };
  const entries = new ObjectIndex();
  const trailers: number[] = [];
  const catalogs: number[] = [];
  /** Objects that are cross-reference streams (offsets from %PDF-), in file order: indexObjects' xrefStms. */
  const xrefStreams: number[] = [];
  /** Objects that are object streams: their numbers and offsets, in file order. */
  const objectStreams: Ref[] = [];
  /**
   * Where each object stream and cross-reference stream the walk found ends (its offset → the
   * end, both from %PDF-): a stream's `endstream` is looked for before it.
   */
  const streamEnds = new Map<number, number>();
  const notRepaired = (reason: NotRepaired): XrefRepair => ({
    appendix: null,
    objects: entries.size,
    notRepaired: reason,
  });
  let p = start;
  while (p < size) {
    // White space and comments between tokens.
    const text = await walker.find(p, NOT_SPACE);
    if (!text) break;
    p = text.index;
    if (text.match[0] === "%") {
      p = (await walker.find(p, LINE_END))?.index ?? size;
      continue;
    }
    const end = await walker.find(p, TOKEN_END);
    // pdf.js's readToken leaves out the file's last byte when no line end follows.
    const tokenLength = end ? end.index - p : size - p - 1;
    const token = await walker.textAt(p, Math.min(tokenLength, 256));
    let m: RegExpExecArray | null;
    if (token.startsWith("xref") && (token.length === 4 || /\s/.test(token[4]!))) {
      p = (await walker.find(p, TRAILER))?.index ?? size;
      trailers.push(p);
      if (trailers.length > MAX_TRAILERS) return notRepaired("too_many_objects");
      p = (await walker.find(p, STARTXREF))?.index ?? size;
    } else if ((m = OBJ_HEADER.exec(token))) {
      const num = Number(m[1]) | 0;
      const gen = Number(m[2]) | 0;
      // As indexObjects: a later object replaces an earlier one of the same generation only.
      const known = entries.get(num);
      if (num >= 0 && (!known || known.field3 === gen)) {
        if (!entries.set(num, Kind.Offset, p - start, gen)) return notRepaired("too_many_objects");
      }
      const contentStart = p + tokenLength;
      // Whether it is a catalog (for a file without a usable trailer) or an object stream: its
      // dictionary's start.
      const head = await walker.textAt(contentStart, 1024);
      const headEnd = head.indexOf("endobj");
      const dictHead = headEnd < 0 ? head : head.slice(0, headEnd);
      if (CATALOG.test(dictHead)) catalogs.push(num);
      let isStream = false;
      const streamAt = dictHead.indexOf("stream");
      if (streamAt >= 0 && OBJECT_STREAM.test(dictHead.slice(0, streamAt)) && num >= 0) {
        objectStreams.push({ num, gen: p - start });
        if (objectStreams.length > MAX_OBJECTS) return notRepaired("too_many_objects");
        isStream = true;
      }
      // The end of the object, as indexObjects finds it; and on the way the first /XRef, which
      // followed by a delimiter or a digit makes it a cross-reference stream.
      let sawXref = false;
      let found: Found | null;
      const objectAt = p - start;
      for (let q = contentStart; ;) {
        found = await walker.find(q, END_OF_OBJECT);
        if (!found || found.match[2] === undefined) break;
        if (!sawXref) {
          sawXref = true;
          if ((await walker.textAt(found.index + 5, 1)).charCodeAt(0) < 64) {
            xrefStreams.push(p - start);
            if (xrefStreams.length > MAX_TRAILERS) return notRepaired("too_many_objects");
            isStream = true;
          }
        }
        q = found.index + 5;
      }
      let length: number;
      if (found) {
        length = found.index + found.match[0].length + 1 - p;
        if (found.match[1] !== "endobj") length -= found.match[1]!.length + 1;
      } else {
        length = size - p;
      }
      p += Math.max(1, length);
      if (isStream) streamEnds.set(objectAt, p - start);
    } else if (token.startsWith("trailer") && (token.length === 7 || /\s/.test(token[7]!))) {
      trailers.push(p);
      if (trailers.length > MAX_TRAILERS) return notRepaired("too_many_objects");
      const found = await walker.find(p + tokenLength, END_OF_TRAILER);
      let length: number;
      if (found) {
        length = found.index + found.match[0].length + 1 - p;
        if (found.match[1] !== "startxref") length -= found.match[1]!.length + 1;
      } else {
        length = size - p;
      }
      p += Math.max(1, length);
    } else {
      p += tokenLength + 1;
    }
  }

  let budget = DECODE_BUDGET;
  const decode = async (head: Parameters<typeof readStreamData>[2], offset: number) => {
    const end = start + (streamEnds.get(offset) ?? size);
    const data = await readStreamData(read, size, head, Math.min(MAX_DECODED_BYTES, budget), end);
    if (data instanceof Uint8Array) budget -= data.length;
    return data;
  };

  // The cross-reference streams, as indexObjects reads them after its walk: each in file order,
  // then along its /Prev chain, an entry kept only for a number nothing has taken yet (so an
  // object found by its header keeps that offset, and of two streams the earlier's entries win).
  // Reading a stream again adds nothing, so each is read once. pdf.js also reads a classic table a
  // /Prev leads to; its entries could only add numbers whose headers the walk did not find, which
  // pdf.js could not fetch anyway, so those are not read. A stream's dictionary is a trailer.
  const streamDicts: PdfDict[] = [];
  const visited = new Set<number>();
  for (const offset of xrefStreams) {
    const queue = [offset];
    while (queue.length > 0) {
      const at = queue.shift()!;
      if (visited.has(at)) continue;
      visited.add(at);
      if (visited.size > MAX_TRAILERS) return notRepaired("too_many_objects");
      const stream = await readStreamHead(read, size, start + at);
      if (!stream) continue;
      const data = await decode(stream, at);
      if (overBudget) return notRepaired("too_costly");
      if (data === "unsupported") return notRepaired("xref_streams");
      // Damaged, or a bomb: as pdf.js, which fails on it, the stream gives nothing.
      if (!(data instanceof Uint8Array)) continue;
      let tooMany = false;
      const complete = xrefStreamEntries(stream.dict, data, (num, type, field2, field3) => {
        if (num < 0 || num > MAX_NUMBER || entries.has(num)) return true;
        const kind = type === 0 ? Kind.Free : type === 1 ? Kind.Offset : Kind.Compressed;
        tooMany = !entries.set(num, kind, field2, field3);
        return !tooMany;
      });
      if (tooMany) return notRepaired("too_many_objects");
      // pdf.js takes the dictionary, and follows /Prev, only when it read all the entries.
      if (!complete) continue;
      if (stream.dict.has("Encrypt")) return notRepaired("encrypted");
      streamDicts.push(stream.dict);
      const prev = stream.dict.get("Prev");
      if (typeof prev === "number" && Number.isInteger(prev)) queue.push(prev);
      else if (prev instanceof PdfRef) queue.push(prev.num);
    }
  }

  /** The object stream numbered `num`, as pdf.js fetches it (`num 0 R`), decoded; the last one kept. */
  let lastStream: { num: number; stream: ObjectStream | null } | null = null;
  const loadObjectStream = async (num: number): Promise<ObjectStream | null> => {
    if (lastStream?.num === num) return lastStream.stream;
    lastStream = null;
    const entry = entries.get(num);
    let stream: ObjectStream | null = null;
    if (entry?.kind === Kind.Offset && entry.field3 === 0 && entry.field2 > 0) {
      const head = await readStreamHead(read, size, start + entry.field2);
      if (head && head.num === num && head.gen === 0) {
        const data = await decode(head, entry.field2);
        if (data instanceof Uint8Array) stream = objectStream(head.dict, data);
      }
    }
    lastStream = { num, stream };
    return stream;
  };

  // An addition to indexObjects (as MuPDF's repair does): the objects in object streams that no
  // cross-reference stream locates (the stream damaged, or cut off with the file's end) are found
  // in the object streams' own headers, a later stream's replacing an earlier's. Only object
  // streams that are what their number now stands for are read.
  const compressedCatalogs: number[] = [];
  for (const { num, gen: offset } of objectStreams) {
    const entry = entries.get(num);
    if (entry?.kind !== Kind.Offset || entry.field2 !== offset) continue;
    const stream = await loadObjectStream(num);
    if (overBudget) return notRepaired("too_costly");
    if (!stream) continue;
    for (let i = 0; i < stream.nums.length; i++) {
      const inside = stream.nums[i]!;
      if (inside < 0 || inside > MAX_NUMBER) continue;
      const known = entries.kind(inside);
      if (known === undefined || known === Kind.InObjectStream) {
        if (!entries.set(inside, Kind.InObjectStream, num, i)) return notRepaired("too_many_objects");
      }
      if (CATALOG.test(objectText(stream, i).slice(0, 1024))) compressedCatalogs.push(inside);
    }
  }

  /** The dictionary of object `num gen` if it is one, per the index. */
  const dictionaries = new Map<string, Promise<string | null>>();
  const objectDict = (ref: Ref | null): Promise<string | null> => {
    if (!ref) return Promise.resolve(null);
    // Trailers often name the same /Root and /Pages: each object is read once.
    const key = `${ref.num} ${ref.gen}`;
    let dict = dictionaries.get(key);
    if (!dict) dictionaries.set(key, (dict = readObjectDict(ref)));
    return dict;
  };
  const readObjectDict = async (ref: Ref): Promise<string | null> => {
    const entry = entries.get(ref.num);
    if (!entry) return null;
    if (entry.kind === Kind.Compressed || entry.kind === Kind.InObjectStream) {
      if (ref.gen !== 0) return null;
      const stream = await loadObjectStream(entry.field2);
      if (!stream) return null;
      // As pdf.js's fetchCompressed: where the stream's header lists the number decides.
      const listed = stream.nums.lastIndexOf(ref.num);
      const index = listed >= 0 ? listed : entry.field3;
      if (index >= stream.nums.length) return null;
      const text = objectText(stream, index);
      const open = /^(?:[\0\t\n\f\r ]|%[^\n\r]*)*<</.exec(text);
      return open ? dictionaryText(text, open[0].length - 2) : null;
    }
    if (entry.kind !== Kind.Offset || entry.field3 !== ref.gen) return null;
    const header = new RegExp(`^${ref.num}${WS}+${ref.gen}${WS}+obj(?:${WS}|%[^\\n\\r]*)*<<`);
    // A page tree's /Kids of 2,000 pages is 20 KB: read more until the dictionary ends.
    for (let length = 16 * 1024; length <= MAX_DICTIONARY_BYTES; length *= 4) {
      const text = await readText(read, start + entry.field2, length, size);
      const m = header.exec(text);
      if (!m) return null;
      const dict = dictionaryText(text, m[0].length - 2);
      if (dict !== null || text.length < length) return dict;
    }
    return null;
  };
  /** What indexObjects asks of a trailer's /Root: a dictionary whose /Pages is one, with a /Count. */
  const rootState = async (rootRef: Ref | null) => {
    const catalog = await objectDict(rootRef);
    if (catalog === null) return "none" as const;
    const pages = await objectDict(reference(catalog, "Pages"));
    if (pages === null) return "none" as const;
    return /\/Count[\0\t\n\f\r ]+[+-]?\d+(?![.\d])/.test(pages) ? ("valid" as const) : ("pages" as const);
  };

  let chosen: { root: Ref; info: Ref | null; id: string | null } | null = null;
  for (const at of trailers) {
    const text = await readText(read, at, 64 * 1024, size);
    const open = /^trailer(?:[\0\t\n\f\r ]|%[^\n\r]*)*<</.exec(text);
    if (!open) continue;
    const dict = dictionaryText(text, open[0].length - 2);
    if (dict === null) continue;
    if (/\/Encrypt\b/.test(dict)) return notRepaired("encrypted");
    const root = reference(dict, "Root");
    const state = await rootState(root);
    if (overBudget) return notRepaired("too_costly");
    if (state === "none") continue;
    const parsed = new ObjectParser(dict).value();
    chosen = { root: root!, info: reference(dict, "Info"), id: idOf(parsed instanceof Map ? parsed : null) };
    if (state === "valid" && /\/ID\b/.test(dict)) break;
  }
  // Without a classic trailer pdf.js takes the first cross-reference stream's dictionary it read;
  // here the first whose /Root it could use.
  for (const dict of chosen ? [] : streamDicts) {
    const root = refOf(dict, "Root");
    if ((await rootState(root)) === "none") continue;
    chosen = { root: root!, info: refOf(dict, "Info"), id: idOf(dict) };
    break;
  }
  if (!chosen) {
    for (const num of [...catalogs, ...compressedCatalogs].reverse()) {
      const entry = entries.get(num)!;
      const root = { num, gen: entry.kind === Kind.Offset ? entry.field3 : 0 };
      if ((await rootState(root)) !== "none") {
        chosen = { root, info: null, id: null };
        break;
      }
    }
  }
  if (overBudget) return notRepaired("too_costly");
  if (!chosen) return notRepaired("no_root");
  lastStream = null;
  // What the walk read is garbage now: collected before pdf.js reads, not on top of it.
  collectGarbage?.();
  return {
    appendix: xrefAppendix(entries, chosen, size - start),
    objects: entries.size,
    notRepaired: null,
    index: entries,
    trailer: { ...chosen, encrypted: false },
  };
}

/** How many bytes a field needs for `max` (at least 1). */
function widthFor(max: number): number {
  let width = 1;
  while (width < 4 && max >= 2 ** (8 * width)) width++;
  return width;
}

/**
 * A cross-reference stream of `entries` with the trailer's keys in its dictionary, to follow a file
 * `length` bytes long (counted from its %PDF-): it starts with a line end, in case the file does
 * not end with one. A stream rather than a classic table for every file, not only those with
 * compressed objects: one writer, read by pdf.js as any file's; and 7 to 9 bytes an entry instead of
 * 20 (pdf.js keeps the appendix, as every byte it reads, while the file is open). Uncompressed:
 * the appendix is made once and served from memory, and pdf.js need not inflate it.
 */
function xrefAppendix(
  entries: ObjectIndex,
  trailer: { root: Ref; info: Ref | null; id: string | null },
  length: number,
): Uint8Array {
  const all = entries.sortedNums();
  // What pdf.js can fetch (it treats an offset or an object stream of 0 as absent).
  const usable = (num: number) => {
    const e = entries.get(num)!;
    return (
      num > 0 &&
      e.kind !== Kind.Free &&
      e.field2 > 0 &&
      e.field2 <= MAX_NUMBER &&
      e.field3 >= 0 &&
      e.field3 <= MAX_NUMBER
    );
  };
  const nums = all.filter(usable);
  const self = (all.length > 0 ? Math.max(0, all[all.length - 1]!) : 0) + 1;
  const selfOffset = length + 1;
  let max2 = selfOffset;
  let max3 = 65535;
  for (const num of nums) {
    const e = entries.get(num)!;
    max2 = Math.max(max2, e.field2);
    max3 = Math.max(max3, e.field3);
  }
  const w2 = widthFor(max2);
  const w3 = widthFor(max3);
  const entryBytes = 1 + w2 + w3;
  const count = nums.length + 2;
  const data = new Uint8Array(count * entryBytes);
  const index: number[] = [];
  let p = 0;
  const put = (num: number, type: number, field2: number, field3: number) => {
    const last = index.length - 2;
    if (last >= 0 && index[last]! + index[last + 1]! === num) index[last + 1]!++;
    else index.push(num, 1);
    data[p++] = type;
    for (let j = w2 - 1; j >= 0; j--) data[p++] = Math.floor(field2 / 2 ** (8 * j)) & 0xff;
    for (let j = w3 - 1; j >= 0; j--) data[p++] = Math.floor(field3 / 2 ** (8 * j)) & 0xff;
  };
  put(0, 0, 0, 65535);
  for (const num of nums) {
    const e = entries.get(num)!;
    put(num, e.kind === Kind.Offset ? 1 : 2, e.field2, e.field3);
  }
  put(self, 1, selfOffset, 0);
  const infoEntry = trailer.info && entries.get(trailer.info.num);
  const info =
    infoEntry &&
    usable(trailer.info!.num) &&
    (infoEntry.kind === Kind.Offset ? infoEntry.field3 : 0) === trailer.info!.gen
      ? ` /Info ${trailer.info!.num} ${trailer.info!.gen} R`
      : "";
  const id = trailer.id ? ` /ID ${trailer.id}` : "";
  const head =
    `\n${self} 0 obj\n<< /Type /XRef /Size ${self + 1} /Index [${index.join(" ")}] /W [1 ${w2} ${w3}]` +
    ` /Root ${trailer.root.num} ${trailer.root.gen} R${info}${id} /Length ${data.length} >>\nstream\n`;
  const tail = `\nendstream\nendobj\nstartxref\n${selfOffset}\n%%EOF\n`;
  const bytes = new Uint8Array(head.length + data.length + tail.length);
  bytes.set(Buffer.from(head, "latin1"));
  bytes.set(data, head.length);
  bytes.set(Buffer.from(tail, "latin1"), head.length + data.length);
  return bytes;
}
