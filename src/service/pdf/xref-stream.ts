// Kept, measured need (issue 30): xref-repair.ts's, for files whose objects sit in object streams (pdf.js rebuilds their damaged table by loading the whole file; pdf-lib loads every file whole).
// Cross-reference streams and object streams read from a file with bounded memory, for
// xref-repair.ts (issue 15). Files written with object streams (pdf-lib's default save, most
// writers since PDF 1.5) keep most objects compressed inside /Type /ObjStm streams, which only a
// cross-reference stream (/Type /XRef) locates: to check or repair such a file's cross-reference
// data without pdf.js loading the whole file, those streams are read here, each on its own: its
// dictionary, then its data (only its own bytes, at most MAX_STREAM_BYTES), inflated with node:zlib
// up to MAX_DECODED_BYTES (a compression bomb costs that much and is read as damaged), with the PNG
// and TIFF predictors of /DecodeParms. Other filters are not decoded ("unsupported").
//
// Dictionaries are parsed by a small parser of PDF objects (numbers, names, references, strings,
// arrays, dictionaries) that keeps strings as written, so an /ID can be copied as it is.
//
// Service only (it decodes with Buffer and node:zlib).
import zlib from "node:zlib";
import { unfilter } from "./png-rows";

/** Reads up to `length` bytes of the file at `position` into `buffer` from 0; answers how many. */
export type ReadInto = (buffer: Uint8Array, position: number, length: number) => number | Promise<number>;

/** The most bytes of one stream's data read from the file. */
export const MAX_STREAM_BYTES = 4 * 1024 * 1024;
/**
 * The most one cross-reference or object stream may inflate to: a table of 200,000 objects
 * (xref-repair.ts's MAX_OBJECTS) of /W [1 8 2] is 2.2 MB; an object stream of 100,000 pages'
 * /Kids 1.2 MB.
 */
export const MAX_DECODED_BYTES = 4 * 1024 * 1024;

/**
 * Decodes bytes one char a byte, as pdf.js's bytesToString does (Node's latin1 is exactly that; the
 * WHATWG TextDecoder's is windows-1252): one flat string, no pieces left to collect.
 */
export function latin1(bytes: Uint8Array, length = bytes.length): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, length).toString("latin1");
}

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export async function readBytes(
  read: ReadInto,
  position: number,
  length: number,
  size: number,
): Promise<Uint8Array> {
  // A file's own numbers (a negative or huge startxref, an entry's offset) can point anywhere.
  if (!(position >= 0 && position < size)) return new Uint8Array(0);
  const bytes = new Uint8Array(Math.max(0, Math.min(length, size - position)));
  let filled = 0;
  while (filled < bytes.length) {
    const n = await read(bytes.subarray(filled), position + filled, bytes.length - filled);
    if (n <= 0) break;
    filled += n;
  }
  return filled === bytes.length ? bytes : bytes.subarray(0, filled);
}

/** Reads `length` bytes at `position` (fewer at the end of the file) as text. */
export async function readText(
  read: ReadInto,
  position: number,
  length: number,
  size: number,
): Promise<string> {
  return latin1(await readBytes(read, position, length, size));
}

// --- PDF objects ------------------------------------------------------------------------------

export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
/** A string as written in the file, its delimiters included. */
export class PdfString {
  constructor(readonly source: string) {}
}
/** A keyword that is not a value (`stream`, `endobj`, `obj`, …). */
export class PdfKeyword {
  constructor(readonly word: string) {}
}
export type PdfDict = Map<string, PdfValue>;
export type PdfValue =
  number | boolean | null | PdfName | PdfRef | PdfString | PdfKeyword | PdfValue[] | PdfDict;

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0;
/** PDF's delimiters: ( ) < > [ ] { } / %. */
const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const MAX_DEPTH = 32;
/** What follows an integer that makes it a reference (`num gen R`): its generation and the R. */
const REF_TAIL = /[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+R(?![^\0\t\n\f\r ()<>[\]{}/%])/y;

/** Parses PDF objects in `text` from `pos`, as pdf.js's Parser reads them (what it needs of them). */
export class ObjectParser {
  constructor(
    readonly text: string,
    public pos = 0,
  ) {}

  /** Skips white space and comments. */
  skip(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (isWhite(c)) this.pos++;
      else if (c === 0x25) {
        while (this.pos < t.length && t[this.pos] !== "\n" && t[this.pos] !== "\r") this.pos++;
      } else break;
    }
  }

  /** The next regular token (a number or keyword), or "" at a delimiter or the end. */
  private word(): string {
    const t = this.text;
    const from = this.pos;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (isWhite(c) || isDelimiter(c)) break;
      this.pos++;
    }
    return t.slice(from, this.pos);
  }

  /** The next object, or undefined where there is none (the end, a syntax error). */
  value(depth = 0): PdfValue | undefined {
    if (depth > MAX_DEPTH) return undefined;
    this.skip();
    const t = this.text;
    if (this.pos >= t.length) return undefined;
    const c = t[this.pos]!;
    if (c === "<" && t[this.pos + 1] === "<") {
      this.pos += 2;
      const dict: PdfDict = new Map();
      for (;;) {
        this.skip();
        if (this.pos >= t.length) return undefined;
        if (t[this.pos] === ">" && t[this.pos + 1] === ">") {
          this.pos += 2;
          return dict;
        }
        const key = this.value(depth + 1);
        if (!(key instanceof PdfName)) return undefined;
        const v = this.value(depth + 1);
        if (v === undefined || v instanceof PdfKeyword) return undefined;
        dict.set(key.name, v);
      }
    }
    if (c === "<") {
      const close = t.indexOf(">", this.pos);
      if (close < 0) return undefined;
      const s = new PdfString(t.slice(this.pos, close + 1));
      this.pos = close + 1;
      return s;
    }
    if (c === "(") {
      const from = this.pos;
      let nested = 0;
      for (this.pos++; this.pos < t.length; this.pos++) {
        const ch = t[this.pos];
        if (ch === "\\") this.pos++;
        else if (ch === "(") nested++;
        else if (ch === ")" && nested-- === 0) break;
      }
      if (this.pos >= t.length) return undefined;
      this.pos++;
      return new PdfString(t.slice(from, this.pos));
    }
    if (c === "[") {
      this.pos++;
      const array: PdfValue[] = [];
      for (;;) {
        this.skip();
        if (this.pos >= t.length) return undefined;
        if (t[this.pos] === "]") {
          this.pos++;
          return array;
        }
        const v = this.value(depth + 1);
        if (v === undefined || v instanceof PdfKeyword) return undefined;
        array.push(v);
      }
    }
    if (c === "/") {
      this.pos++;
      return new PdfName(this.word());
    }
    if (c === ">" || c === "]" || c === ")" || c === "{" || c === "}") return undefined;
    const word = this.word();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      const n = Number(word);
      // `num gen R`: a reference.
      if (/^\d+$/.test(word)) {
        // Sticky, on the text itself: a slice for each integer cost more than the rest of parsing.
        REF_TAIL.lastIndex = this.pos;
        const m = REF_TAIL.exec(t);
        if (m && m[0].length <= 40) {
          this.pos += m[0].length;
          return new PdfRef(n, Number(m[1]));
        }
      }
      return n;
    }
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    if (word === "") return undefined;
    return new PdfKeyword(word);
  }
}

const integer = (v: PdfValue | undefined): number | null =>
  typeof v === "number" && Number.isInteger(v) ? v : null;

// --- Streams ----------------------------------------------------------------------------------

/** An indirect object `num gen obj <<…>> stream` in the file. */
export interface StreamHead {
  num: number;
  gen: number;
  dict: PdfDict;
  /** Where its data starts in the file (after `stream` and its line end). */
  dataStart: number;
}

/** The longest stream dictionary looked at. */
const MAX_HEAD_BYTES = 64 * 1024;
/**
 * What is read of a stream object first: its header and dictionary (an object stream's or a
 * cross-reference stream's is under 200 bytes). Only a longer dictionary is read again, up to
 * MAX_HEAD_BYTES: a repair reads the heads of up to 200,000 object streams (xref-repair.ts).
 */
const FIRST_HEAD_BYTES = 2 * 1024;

/**
 * The stream object at `position` in the file (its `num gen obj` header there), or null when
 * there is none (another object, a damaged header or dictionary).
 */
export async function readStreamHead(
  read: ReadInto,
  size: number,
  position: number,
): Promise<StreamHead | null> {
  const first = await readText(read, position, FIRST_HEAD_BYTES, size);
  const head = parseStreamHead(first, position);
  // Cut off by the first read (not an object that ended within it): read again, longer.
  if (head || first.length < FIRST_HEAD_BYTES || first.includes("endobj")) return head;
  return parseStreamHead(await readText(read, position, MAX_HEAD_BYTES, size), position);
}

function parseStreamHead(text: string, position: number): StreamHead | null {
  const m =
    /^(?:[\0\t\n\f\r ]|%[^\n\r]*)*(\d+)[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+obj(?![^\0\t\n\f\r ()<>[\]{}/%])/.exec(
      text,
    );
  if (!m) return null;
  const parser = new ObjectParser(text, m[0].length);
  const dict = parser.value();
  if (!(dict instanceof Map)) return null;
  parser.skip();
  if (!text.startsWith("stream", parser.pos)) return null;
  // As pdf.js's lexer: to the next line (CR LF, LF or CR).
  let p = parser.pos + 6;
  while (p < text.length && text[p] !== "\n" && text[p] !== "\r") p++;
  if (p >= text.length) return null;
  p += text[p] === "\r" && text[p + 1] === "\n" ? 2 : 1;
  return { num: Number(m[1]), gen: Number(m[2]), dict, dataStart: position + p };
}

/** Why a stream's data could not be had. */
export type StreamFailure = "unsupported" | "damaged" | "too_large";

/**
 * A stream's data length as pdf.js delimits it: `declared` (its /Length) when `endstream` follows
 * that many bytes, else up to the first `endstream` (pdf.js's search) before `size`; null when
 * there is none. Past `max` bytes, "too_large" (a longer /Length is not looked at).
 */
export async function streamDataLength(
  read: ReadInto,
  size: number,
  dataStart: number,
  declared: PdfValue | undefined,
  max = Infinity,
): Promise<number | "too_large" | null> {
  const length = integer(declared);
  if (length !== null && length >= 0 && length <= max) {
    const after = await readText(read, dataStart + length, 64, size);
    if (/^(?:[\0\t\n\f\r ]|%[^\n\r]*)*endstream/.test(after)) return length;
  }
  // Searched a piece at a time.
  const PIECE = 64 * 1024;
  for (let p = dataStart; p < size && p - dataStart <= max; p += PIECE - 16) {
    const text = await readText(read, p, Math.min(PIECE, size - p), size);
    const at = text.indexOf("endstream");
    if (at >= 0) {
      const found = p + at - dataStart;
      return found > max ? "too_large" : found;
    }
    if (p + text.length >= size) break;
  }
  return size - dataStart > max ? "too_large" : null;
}

/**
 * The stream's raw data as pdf.js delimits it (streamDataLength), `endstream` searched for before
 * `end` (where the object ends, when the caller knows it: a repair's walk does); "too_large" past
 * MAX_STREAM_BYTES.
 */
async function rawData(
  read: ReadInto,
  fileSize: number,
  head: StreamHead,
  end: number,
): Promise<Uint8Array | StreamFailure> {
  // Without a bound, a file of thousands of object streams without `endstream` would have each
  // searched through the 4 MB after it.
  const size = Math.max(0, Math.min(fileSize, end));
  const length = await streamDataLength(
    read,
    size,
    head.dataStart,
    head.dict.get("Length"),
    MAX_STREAM_BYTES,
  );
  if (length === null) return "damaged";
  return length === "too_large" ? length : readBytes(read, head.dataStart, length, fileSize);
}

/** Inflates `raw` to at most `max` bytes; a cut-off stream gives what it holds, as pdf.js's does. */
function inflate(raw: Uint8Array, max: number): Uint8Array | StreamFailure {
  try {
    return zlib.inflateSync(raw, { maxOutputLength: max, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch (error) {
    return (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? "too_large" : "damaged";
  }
}

/** Undoes a PNG (10-15) or TIFF (2) predictor as pdf.js's PredictorStream does. */
function unpredict(data: Uint8Array, params: PdfDict): Uint8Array | StreamFailure {
  const predictor = integer(params.get("Predictor")) ?? 1;
  if (predictor <= 1) return data;
  const colors = integer(params.get("Colors")) ?? 1;
  const bits = integer(params.get("BitsPerComponent")) ?? 8;
  const columns = integer(params.get("Columns")) ?? 1;
  if (!(
    colors >= 1 &&
    colors <= 32 &&
    [1, 2, 4, 8, 16].includes(bits) &&
    columns >= 1 &&
    columns <= 1 << 20
  )) {
    return "unsupported";
  }
  const pixelBytes = Math.ceil((colors * bits) / 8);
  const rowBytes = Math.ceil((columns * colors * bits) / 8);
  if (predictor === 2) {
    if (bits !== 8) return "unsupported";
    const out = data.slice();
    for (let row = 0; row < out.length; row += rowBytes) {
      for (let i = row + pixelBytes; i < Math.min(row + rowBytes, out.length); i++) {
        out[i] = (out[i]! + out[i - pixelBytes]!) & 0xff;
      }
    }
    return out;
  }
  if (predictor < 10 || predictor > 15) return "unsupported";
  // A row longer than the data is a damaged stream (a cross-reference stream's row is an entry,
  // 20 bytes at most), and the rows are never more than the data: /Columns 1048576 /Colors 32
  // /BitsPerComponent 16 would otherwise cost 134 MB for a stream of a few bytes.
  if (rowBytes > data.length) return "damaged";
  const out = new Uint8Array(data.length);
  let length = 0;
  let prior = new Uint8Array(rowBytes);
  for (let r = 0, p = 0; p < data.length; r++) {
    const type = data[p++]!;
    const n = Math.min(rowBytes, data.length - p);
    // The last row may be cut short (at most data.length bytes are ever written).
    const row = out.subarray(r * rowBytes, r * rowBytes + n);
    row.set(data.subarray(p, p + n));
    if (!unfilter(type, row, prior, pixelBytes)) return "damaged";
    p += n;
    length = r * rowBytes + n;
    prior = row;
  }
  return out.subarray(0, length);
}

/**
 * The stream's data decoded (no filter, or /FlateDecode with an optional predictor), at most
 * `maxDecoded` bytes; or why not.
 */
export async function readStreamData(
  read: ReadInto,
  size: number,
  head: StreamHead,
  maxDecoded = MAX_DECODED_BYTES,
  end = size,
): Promise<Uint8Array | StreamFailure> {
  let filter = head.dict.get("Filter") ?? head.dict.get("F") ?? null;
  let params = head.dict.get("DecodeParms") ?? head.dict.get("DP") ?? null;
  if (Array.isArray(filter)) {
    if (filter.length > 1) return "unsupported";
    filter = filter[0] ?? null;
    params = Array.isArray(params) ? (params[0] ?? null) : null;
  }
  if (
    filter !== null &&
    !(filter instanceof PdfName && (filter.name === "FlateDecode" || filter.name === "Fl"))
  ) {
    return "unsupported";
  }
  const raw = await rawData(read, size, head, end);
  if (!(raw instanceof Uint8Array)) return raw;
  if (filter === null) return raw.length > maxDecoded ? "too_large" : raw;
  // pdf.js reads an empty Flate stream as nothing.
  if (raw.length === 0) return raw;
  const inflated = inflate(raw, maxDecoded);
  if (!(inflated instanceof Uint8Array) || !(params instanceof Map)) return inflated;
  return unpredict(inflated, params);
}

// --- Cross-reference streams ------------------------------------------------------------------

/** Type 0 (free), 1 (at an offset: field2 the offset, field3 its generation), 2 (compressed). */
export type EntrySink = (num: number, type: 0 | 1 | 2, field2: number, field3: number) => boolean;

/**
 * Hands each entry of a cross-reference stream to `sink`, in order, as pdf.js's readXRefStream
 * reads them (fields wider than 4 bytes wrap as in its 32-bit arithmetic); `sink` answers false to
 * stop. Answers false where pdf.js stops with an error (no /W, a range without integers, data that
 * ends within an entry, an unknown type): the entries before that have been handed over, as pdf.js
 * keeps them.
 */
export function xrefStreamEntries(dict: PdfDict, data: Uint8Array, sink: EntrySink): boolean {
  const w = dict.get("W");
  if (!Array.isArray(w) || w.length < 3) return false;
  const widths = w.slice(0, 3).map(integer);
  if (widths.some((x) => x === null || x < 0)) return false;
  const [typeWidth, offsetWidth, genWidth] = widths as [number, number, number];
  const entryBytes = typeWidth + offsetWidth + genWidth;
  const index = dict.get("Index") ?? [0, dict.get("Size") ?? null];
  if (!Array.isArray(index)) return false;
  let p = 0;
  for (let r = 0; r < index.length; r += 2) {
    const first = integer(index[r]);
    const count = integer(index[r + 1]);
    if (first === null || count === null) return false;
    // Entries of no bytes: pdf.js would make as many as /Index says (a billion, out of memory),
    // each type 1 at offset 0, which it treats as absent. Read as damaged.
    if (entryBytes === 0 && count > 0) return false;
    for (let i = 0; i < count; i++) {
      if (p + entryBytes > data.length) return false;
      let type = 0;
      let offset = 0;
      let gen = 0;
      for (let j = 0; j < typeWidth; j++) type = (type << 8) | data[p++]!;
      if (typeWidth === 0) type = 1;
      for (let j = 0; j < offsetWidth; j++) offset = (offset << 8) | data[p++]!;
      for (let j = 0; j < genWidth; j++) gen = (gen << 8) | data[p++]!;
      if (type !== 0 && type !== 1 && type !== 2) return false;
      if (!sink(first + i, type, offset, gen)) return true;
    }
  }
  return true;
}

// --- Object streams ---------------------------------------------------------------------------

/** An object stream's decoded data and where each of its objects lies in it. */
export interface ObjectStream {
  text: string;
  nums: number[];
  /** Where object i starts in `text` (/First counted in). */
  starts: number[];
}

/** Parses an object stream's header (/N pairs of object number and offset after /First). */
export function objectStream(dict: PdfDict, data: Uint8Array): ObjectStream | null {
  const n = integer(dict.get("N"));
  const first = integer(dict.get("First"));
  if (n === null || first === null || n < 0 || first < 0 || first > data.length || n > first) return null;
  const text = latin1(data);
  const parser = new ObjectParser(text.slice(0, first));
  const nums: number[] = [];
  const starts: number[] = [];
  for (let i = 0; i < n; i++) {
    const num = parser.value();
    const offset = parser.value();
    if (
      typeof num !== "number" ||
      !Number.isInteger(num) ||
      typeof offset !== "number" ||
      !Number.isInteger(offset)
    ) {
      return null;
    }
    nums.push(num);
    starts.push(first + offset);
  }
  return { text, nums, starts };
}

/** The text of object `i` of an object stream (to the next object's start, as pdf.js delimits it). */
export function objectText(stream: ObjectStream, i: number): string {
  const from = stream.starts[i]!;
  const to = i + 1 < stream.starts.length ? stream.starts[i + 1]! : stream.text.length;
  return stream.text.slice(from, Math.max(from, to));
}
