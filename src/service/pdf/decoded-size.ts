// Kept, measured need (issue 30): unpatched pdf.js decodes a stream whole into one growing buffer outside the reader's heap limits: a 256 KB Flate bomb would take 256 MB.
// How much a stream's data decodes to, counted before pdf.js is given the file, in bounded memory
// (service only, Node only). The raw data is read a window at a time and goes through the filters
// in order, each feeding the next a piece at a time; every decoder's output is counted (pdf.js holds
// each one's output whole, in its DecodeStream's buffer) and nothing is kept, so a stream of any
// size or ratio costs a few windows. Counting stops as soon as one count passes `max`.
//
// The decoders follow pdf.js 5's (pdf.worker.mjs: FlateStream, LZWStream, RunLengthStream,
// AsciiHexStream, Ascii85Stream, PredictorStream, Parser.makeFilter), damaged data included: what
// pdf.js decodes before the damage is counted, and damage alone is never a refusal.
import { Readable, type Transform } from "node:stream";
import zlib from "node:zlib";
import type { PdfDict, PdfValue, ReadInto } from "./xref-stream";

/**
 * "within": no decoder's output passes `max` (damaged data included: counted up to the damage);
 * "too_large": one does; "unsupported": an image filter or /Crypt (the caller does not ask for
 * images; an encrypted stream cannot be decoded here), or a predictor on a filter that is not the
 * last (a predictor's bytes are not rebuilt here, so nothing after it could be decoded).
 */
export type DecodedSize = "within" | "too_large" | "unsupported";

/** The raw data is read this much at a time; decoders hand on their output in pieces this long. */
const WINDOW = 64 * 1024;

type Chunks = AsyncGenerator<Uint8Array, void, undefined>;
/** Makes a stage's input again from the start (the Flate fallback reads it twice). */
type Source = () => Chunks;

interface Tally {
  max: number;
  tooLarge: boolean;
}

/**
 * Decodes [start, start + length) of the file through `filters` (names as in /Filter, in order;
 * `params[i]` the /DecodeParms of `filters[i]`, or null), counting each decoder's output; stops as
 * soon as one passes `max`. Never throws for damaged data (only when `read` does).
 */
export async function decodedSizeWithin(
  read: ReadInto,
  start: number,
  length: number,
  filters: readonly string[],
  params: readonly (PdfDict | null)[],
  max: number,
): Promise<DecodedSize> {
  const tally: Tally = { max, tooLarge: false };
  // pdf.js makes an empty stream (its /Length 0) nothing, whatever its filters.
  if (length <= 0) return "within";
  let source: Source = () => fileWindows(read, start, length);
  let predictor: RowCount | null = null;
  for (let i = 0; i < filters.length; i++) {
    const name = filters[i]!;
    const dict = params[i] ?? null;
    if (predictor !== null) return "unsupported";
    const stage = stageFor(name, dict);
    if (stage === "unsupported") return "unsupported";
    if (stage === null) continue; // pdf.js passes an unknown filter's data on as it is
    const input = source;
    source = () => counted(stage(input), tally);
    if (name === "FlateDecode" || name === "Fl" || name === "LZWDecode" || name === "LZW") {
      const rows = predictorFor(dict);
      // pdf.js reads a stream whose predictor it does not know as empty (makeFilter's catch).
      if (rows === "empty") return "within";
      predictor = rows;
    }
  }
  for await (const chunk of source()) {
    if (predictor !== null && !predictor.add(chunk, tally)) break;
  }
  if (predictor !== null) predictor.end(tally);
  return tally.tooLarge ? "too_large" : "within";
}

type Stage = (input: Source) => Chunks;

function stageFor(name: string, params: PdfDict | null): Stage | null | "unsupported" {
  switch (name) {
    case "FlateDecode":
    case "Fl":
      return flate;
    case "LZWDecode":
    case "LZW": {
      // pdf.js takes /EarlyChange as it is (1 unless given); a value that is not a number is read
      // here as 1, pdf.js's default.
      const early = params?.get("EarlyChange");
      const earlyChange = typeof early === "number" ? early : 1;
      return (input) => lzw(input(), earlyChange);
    }
    case "RunLengthDecode":
    case "RL":
      return (input) => runLength(input());
    case "ASCIIHexDecode":
    case "AHx":
      return (input) => asciiHex(input());
    case "ASCII85Decode":
    case "A85":
      return (input) => ascii85(input());
    case "BrotliDecode":
      return (input) => viaZlib(input(), zlib.createBrotliDecompress({ chunkSize: WINDOW }));
    case "DCTDecode":
    case "DCT":
    case "JPXDecode":
    case "JPX":
    case "JBIG2Decode":
    case "CCITTFaxDecode":
    case "CCF":
    case "Crypt":
      return "unsupported";
    default:
      return null;
  }
}

/** The file's bytes [start, start + length), a window at a time (fewer at the end of the file). */
async function* fileWindows(read: ReadInto, start: number, length: number): Chunks {
  for (let at = start, end = start + length; at < end;) {
    // A new buffer each time: zlib may still hold the last one while this one is read.
    const buffer = new Uint8Array(Math.min(WINDOW, end - at));
    const n = await read(buffer, at, buffer.length);
    if (!(n > 0)) return;
    yield buffer.subarray(0, n);
    at += n;
  }
}

/** Counts a decoder's output; ends it (and so the whole chain) once the count passes the bound. */
async function* counted(chunks: Chunks, tally: Tally): Chunks {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > tally.max) {
      tally.tooLarge = true;
      return;
    }
    yield chunk;
  }
}

/** A decoder's output buffer, handed on when full (a new one each time: the next stage may keep it). */
class Output {
  buffer = new Uint8Array(WINDOW);
  fill = 0;
  /** Whether `n` more bytes fit. */
  fits(n: number): boolean {
    return this.fill + n <= this.buffer.length;
  }
  take(): Uint8Array {
    const full = this.buffer.subarray(0, this.fill);
    this.buffer = new Uint8Array(WINDOW);
    this.fill = 0;
    return full;
  }
}

// --- Flate ------------------------------------------------------------------------------------

/**
 * FlateDecode. pdf.js checks the two-byte zlib header itself (an invalid one makes the stream empty)
 * and then inflates without looking at the window size or the Adler-32 checksum, so node:zlib is
 * given the raw deflate data after the header. zlib refuses some data pdf.js decodes anyway (a
 * distance back past the start, an incomplete or over-full code, a length code 286/287); there,
 * the count goes on with pdf.js's own inflate (flateAsPdfJs), from where zlib stopped.
 */
async function* flate(input: Source): Chunks {
  let produced = 0;
  const raw = afterHeader(input());
  const header = await raw.next();
  if (header.done) return;
  let failed = false;
  const inflater = zlib.createInflateRaw({ chunkSize: WINDOW, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const body = viaZlib(
    (async function* () {
      yield header.value;
      yield* raw;
    })(),
    inflater,
    () => (failed = true),
  );
  for await (const chunk of body) {
    produced += chunk.length;
    yield chunk;
  }
  if (!failed) return;
  // zlib refused the data at some point: pdf.js's inflate from the start, its first `produced`
  // bytes (zlib's, the same) skipped.
  for await (const chunk of flateAsPdfJs(input())) {
    if (produced >= chunk.length) {
      produced -= chunk.length;
      continue;
    }
    yield produced > 0 ? chunk.subarray(produced) : chunk;
    produced = 0;
  }
}

/** The input after a valid zlib header (pdf.js's FlateStream checks); nothing after an invalid one. */
async function* afterHeader(chunks: Chunks): Chunks {
  const head: number[] = [];
  for await (let chunk of chunks) {
    while (head.length < 2 && chunk.length > 0) {
      head.push(chunk[0]!);
      chunk = chunk.subarray(1);
    }
    if (head.length < 2) continue;
    if (head.length === 2) {
      const [cmf, flg] = head as [number, number];
      const valid = (cmf & 0x0f) === 0x08 && ((cmf << 8) + flg) % 31 === 0 && (flg & 0x20) === 0;
      if (!valid) return;
      head.push(-1); // checked
    }
    if (chunk.length > 0) yield chunk;
  }
}

/**
 * `chunks` through a node:zlib stream, its output a piece at a time. Damaged data ends the output
 * where zlib stopped (`onDamage` is told); an error of `chunks` itself (the file's read) is thrown.
 */
async function* viaZlib(chunks: Chunks, stream: Transform, onDamage?: () => void): Chunks {
  let readError: unknown = null;
  // One piece of input waiting at a time: the rest stays in the file until zlib wants it.
  const source = Readable.from(chunks, { objectMode: false, highWaterMark: 1 });
  source.on("error", (error) => {
    readError = error;
    stream.destroy(error);
  });
  source.pipe(stream);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    if (readError !== null) throw readError;
    void error;
    onDamage?.();
  } finally {
    source.destroy();
    stream.destroy();
  }
}

// pdf.js's inflate tables (src/core/flate_stream.js, Apache-2.0): a length or distance code's
// extra bits (above 16) and base.
const CODE_LEN_CODE_MAP = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const LENGTH_DECODE = new Int32Array([
  0x00003, 0x00004, 0x00005, 0x00006, 0x00007, 0x00008, 0x00009, 0x0000a, 0x1000b, 0x1000d, 0x1000f, 0x10011,
  0x20013, 0x20017, 0x2001b, 0x2001f, 0x30023, 0x3002b, 0x30033, 0x3003b, 0x40043, 0x40053, 0x40063, 0x40073,
  0x50083, 0x500a3, 0x500c3, 0x500e3, 0x00102, 0x00102, 0x00102,
]);
const DIST_DECODE = new Int32Array([
  0x00001, 0x00002, 0x00003, 0x00004, 0x10005, 0x10007, 0x20009, 0x2000d, 0x30011, 0x30019, 0x40021, 0x40031,
  0x50041, 0x50061, 0x60081, 0x600c1, 0x70101, 0x70181, 0x80201, 0x80301, 0x90401, 0x90601, 0xa0801, 0xa0c01,
  0xb1001, 0xb1801, 0xc2001, 0xc3001, 0xd4001, 0xd6001,
]);

type CodeTable = [Int32Array, number];

/** pdf.js's generateHuffmanTable: entry = length << 16 | value, indexed by the bit-reversed code. */
function huffmanTable(lengths: ArrayLike<number>): CodeTable {
  let maxLen = 0;
  for (let i = 0; i < lengths.length; i++) maxLen = Math.max(maxLen, lengths[i]!);
  const size = 1 << maxLen;
  const codes = new Int32Array(size);
  for (let len = 1, code = 0, skip = 2; len <= maxLen; ++len, code <<= 1, skip <<= 1) {
    for (let val = 0; val < lengths.length; ++val) {
      if (lengths[val] === len) {
        let code2 = 0;
        let t = code;
        for (let i = 0; i < len; ++i) {
          code2 = (code2 << 1) | (t & 1);
          t >>= 1;
        }
        for (let i = code2; i < size; i += skip) codes[i] = (len << 16) | val;
        ++code;
      }
    }
  }
  return [codes, maxLen];
}

let fixedTables: { lit: CodeTable; dist: CodeTable } | null = null;
function fixed(): { lit: CodeTable; dist: CodeTable } {
  if (fixedTables === null) {
    const lit = new Uint8Array(288);
    lit.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
    fixedTables = { lit: huffmanTable(lit), dist: huffmanTable(new Uint8Array(30).fill(5)) };
  }
  return fixedTables;
}

class FlateError extends Error {}

/** Input bytes for a synchronous decoder: `need(n)` (awaited) makes n bytes ready unless the input ends. */
class ByteInput {
  private buffer = new Uint8Array(0);
  private pos = 0;
  private ended = false;
  constructor(private readonly chunks: Chunks) {}
  /** Whether n bytes are ready, or the input has ended (then what is left is all there is). */
  has(n: number): boolean {
    return this.ended || this.buffer.length - this.pos >= n;
  }
  async need(n: number): Promise<void> {
    while (this.buffer.length - this.pos < n && !this.ended) {
      const next = await this.chunks.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      const rest = this.buffer.subarray(this.pos);
      const joined = new Uint8Array(rest.length + next.value.length);
      joined.set(rest);
      joined.set(next.value, rest.length);
      this.buffer = joined;
      this.pos = 0;
    }
  }
  /** The next byte, or -1 (at the end, or when not made ready). */
  getByte(): number {
    return this.pos < this.buffer.length ? this.buffer[this.pos++]! : -1;
  }
  peekByte(): number {
    return this.pos < this.buffer.length ? this.buffer[this.pos]! : -1;
  }
  /** Up to n of the ready bytes. */
  take(n: number): Uint8Array {
    const bytes = this.buffer.subarray(this.pos, this.pos + n);
    this.pos += bytes.length;
    return bytes;
  }
  async return(): Promise<void> {
    await this.chunks.return();
  }
}

/** Enough input for a block's header (at most 2 + 14 + 19 * 3 + 320 * 14 bits) or for one code. */
const BLOCK_HEAD_BYTES = 600;
const CODE_BYTES = 8;

/**
 * pdf.js's FlateStream (header check, readBlock, getBits, getCode) as it decodes, its history kept
 * in a window of 32 KiB instead of all its output: bits past the end read as pdf.js reads them,
 * a distance back past the start gives zeros (pdf.js reads its zeroed buffer), and an error ends
 * the output where it happened.
 */
async function* flateAsPdfJs(chunks: Chunks): Chunks {
  const input = new ByteInput(chunks);
  const HISTORY = 32 * 1024;
  // [0, HISTORY) the last bytes written (zeros at first), then this window's output.
  let out = new Uint8Array(HISTORY + WINDOW);
  let pos = HISTORY;
  let codeBuf = 0;
  let codeSize = 0;
  const getBits = (bits: number): number => {
    while (codeSize < bits) {
      const b = input.getByte();
      if (b === -1) throw new FlateError("Bad encoding in flate stream");
      codeBuf |= b << codeSize;
      codeSize += 8;
    }
    const b = codeBuf & ((1 << bits) - 1);
    codeBuf >>= bits;
    codeSize -= bits;
    return b;
  };
  const getCode = ([codes, maxLen]: CodeTable): number => {
    while (codeSize < maxLen) {
      const b = input.getByte();
      if (b === -1) break;
      codeBuf |= b << codeSize;
      codeSize += 8;
    }
    const code = codes[codeBuf & ((1 << maxLen) - 1)]!;
    const codeLen = code >> 16;
    if (codeLen < 1 || codeSize < codeLen) throw new FlateError("Bad encoding in flate stream");
    codeBuf >>= codeLen;
    codeSize -= codeLen;
    return code & 0xffff;
  };
  /** Hands on the window's output when it is full, keeping the last HISTORY bytes. */
  const full = (): Uint8Array | null => {
    if (pos < out.length - 258) return null;
    const done = out.slice(HISTORY, pos);
    const next = new Uint8Array(HISTORY + WINDOW);
    next.set(out.subarray(pos - HISTORY, pos));
    out = next;
    pos = HISTORY;
    return done;
  };
  try {
    await input.need(2);
    const cmf = input.getByte();
    const flg = input.getByte();
    if (cmf === -1 || flg === -1 || (cmf & 0x0f) !== 0x08 || ((cmf << 8) + flg) % 31 !== 0 || flg & 0x20) {
      return;
    }
    let eof = false;
    while (!eof) {
      await input.need(BLOCK_HEAD_BYTES);
      let hdr: number;
      try {
        hdr = getBits(3);
      } catch {
        return;
      }
      if (hdr & 1) eof = true;
      hdr >>= 1;
      if (hdr === 0) {
        const b = [input.getByte(), input.getByte(), input.getByte(), input.getByte()];
        if (b.includes(-1)) return;
        const blockLen = b[0]! | (b[1]! << 8);
        const check = b[2]! | (b[3]! << 8);
        if (check !== (~blockLen & 0xffff) && (blockLen !== 0 || check !== 0)) return;
        codeBuf = 0;
        codeSize = 0;
        if (blockLen === 0) {
          if (input.peekByte() === -1) eof = true;
          continue;
        }
        // pdf.js makes room for the whole block, then copies what the input holds of it.
        for (let left = blockLen; left > 0;) {
          await input.need(Math.min(left, WINDOW));
          const piece = input.take(Math.min(left, out.length - pos));
          if (piece.length === 0) {
            // Cut off: pdf.js's buffer still has the block's length, its end zeros.
            const zeros = Math.min(left, out.length - pos);
            pos += zeros;
            left -= zeros;
            eof = true;
          } else {
            out.set(piece, pos);
            pos += piece.length;
            left -= piece.length;
          }
          const done = full();
          if (done) yield done;
        }
        continue;
      }
      let lit: CodeTable;
      let dist: CodeTable;
      if (hdr === 1) {
        ({ lit, dist } = fixed());
      } else if (hdr === 2) {
        const numLitCodes = getBits(5) + 257;
        const numDistCodes = getBits(5) + 1;
        const numCodeLenCodes = getBits(4) + 4;
        const codeLenCodeLengths = new Uint8Array(CODE_LEN_CODE_MAP.length);
        for (let i = 0; i < numCodeLenCodes; ++i) codeLenCodeLengths[CODE_LEN_CODE_MAP[i]!] = getBits(3);
        const codeLenTable = huffmanTable(codeLenCodeLengths);
        const codes = numLitCodes + numDistCodes;
        const codeLengths = new Uint8Array(codes);
        for (let i = 0, len = 0; i < codes;) {
          const code = getCode(codeLenTable);
          let bitsLength: number;
          let bitsOffset: number;
          let what: number;
          if (code === 16) {
            bitsLength = 2;
            bitsOffset = 3;
            what = len;
          } else if (code === 17) {
            bitsLength = 3;
            bitsOffset = 3;
            what = len = 0;
          } else if (code === 18) {
            bitsLength = 7;
            bitsOffset = 11;
            what = len = 0;
          } else {
            codeLengths[i++] = len = code;
            continue;
          }
          // pdf.js writes past the array's end (ignored) when a repeat overruns it.
          for (let repeat = getBits(bitsLength) + bitsOffset; repeat-- > 0;) codeLengths[i++] = what;
        }
        lit = huffmanTable(codeLengths.subarray(0, numLitCodes));
        dist = huffmanTable(codeLengths.subarray(numLitCodes, codes));
      } else {
        return;
      }
      for (;;) {
        const done = full();
        if (done) yield done;
        if (!input.has(CODE_BYTES)) await input.need(CODE_BYTES);
        let code1 = getCode(lit);
        if (code1 < 256) {
          out[pos++] = code1;
        } else if (code1 === 256) {
          break;
        } else {
          code1 = LENGTH_DECODE[code1 - 257] ?? 0;
          let code2 = code1 >> 16;
          if (code2 > 0) code2 = getBits(code2);
          const len = (code1 & 0xffff) + code2;
          code1 = DIST_DECODE[getCode(dist)] ?? 0;
          code2 = code1 >> 16;
          if (code2 > 0) code2 = getBits(code2);
          const distance = (code1 & 0xffff) + code2;
          for (let k = 0; k < len; ++k, ++pos) out[pos] = out[pos - distance]!;
        }
      }
    }
  } catch (error) {
    if (!(error instanceof FlateError)) throw error;
  } finally {
    await input.return();
  }
  if (pos > HISTORY) yield out.slice(HISTORY, pos);
}

// --- LZW --------------------------------------------------------------------------------------

/** pdf.js's LZWStream, a block of 512 codes at a time as it reads them. */
async function* lzw(chunks: Chunks, earlyChange: number): Chunks {
  const SIZE = 4096;
  const values = new Uint8Array(SIZE);
  const lengths = new Uint16Array(SIZE);
  const prevCodes = new Uint16Array(SIZE);
  const sequence = new Uint8Array(SIZE);
  for (let i = 0; i < 256; ++i) {
    values[i] = i;
    lengths[i] = 1;
  }
  let sequenceLength = 0;
  let nextCode = 258;
  let codeLength = 9;
  let prevCode = 0;
  let cachedData = 0;
  let bitsCached = 0;
  /** Codes read in the current block of 512 (pdf.js reads whole blocks, see below). */
  let inBlock = 0;
  const out = new Output();
  // One code: false at the end of data (257).
  const decode = (code: number): boolean => {
    const hasPrev = sequenceLength > 0;
    if (code < 256) {
      sequence[0] = code;
      sequenceLength = 1;
    } else if (code >= 258) {
      if (code < nextCode) {
        sequenceLength = lengths[code]!;
        for (let j = sequenceLength - 1, q = code; j >= 0; j--) {
          sequence[j] = values[q]!;
          q = prevCodes[q]!;
        }
      } else {
        sequence[sequenceLength++] = sequence[0]!;
      }
    } else if (code === 256) {
      codeLength = 9;
      nextCode = 258;
      sequenceLength = 0;
      return true;
    } else {
      return false;
    }
    if (hasPrev) {
      prevCodes[nextCode] = prevCode;
      lengths[nextCode] = lengths[prevCode]! + 1;
      values[nextCode] = sequence[0]!;
      nextCode++;
      codeLength =
        (nextCode + earlyChange) & (nextCode + earlyChange - 1)
          ? codeLength
          : Math.min(Math.log(nextCode + earlyChange) / 0.6931471805599453 + 1, 12) | 0;
    }
    prevCode = code;
    // pdf.js's sequence may run past its 4,096 bytes (the bytes past it read as zeros).
    const n = sequenceLength;
    let o = out.fill;
    for (let j = 0; j < n; j++) out.buffer[o++] = j < SIZE ? sequence[j]! : 0;
    out.fill = o;
    return true;
  };
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      cachedData = ((cachedData << 8) | chunk[i]!) >>> 0;
      bitsCached += 8;
      while (bitsCached >= codeLength) {
        bitsCached -= codeLength;
        const code = (cachedData >>> bitsCached) & ((1 << codeLength) - 1);
        cachedData &= (1 << bitsCached) - 1;
        if (!out.fits(SIZE + 1)) yield out.take();
        if (!decode(code)) {
          if (out.fill > 0) yield out.take();
          return;
        }
        inBlock = (inBlock + 1) % 512;
      }
    }
  }
  // Out of data before the end code: pdf.js's readBits answers null, which its loop takes for code
  // 0 for each code left of its block of 512 (a whole block when the data ended at a block's end).
  for (; inBlock < 512; inBlock++) {
    if (!out.fits(SIZE + 1)) yield out.take();
    decode(0);
  }
  if (out.fill > 0) yield out.take();
}

// --- RunLength, ASCIIHex, ASCII85 -------------------------------------------------------------

/** pdf.js's RunLengthStream: a length byte and its run; 128 (or a length byte at the end) ends it. */
async function* runLength(chunks: Chunks): Chunks {
  const out = new Output();
  let header = -1; // the length byte of the run being read, or -1
  let literal = 0; // bytes still to copy of a literal run
  let ended = false;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (literal > 0) {
        out.buffer[out.fill++] = c;
        literal--;
      } else if (header === -1) {
        if (c === 128) {
          ended = true;
          break;
        }
        header = c;
        continue;
      } else if (header < 128) {
        out.buffer[out.fill++] = c;
        literal = header;
        header = -1;
      } else {
        out.buffer.fill(c, out.fill, out.fill + 257 - header);
        out.fill += 257 - header;
        header = -1;
      }
      if (!out.fits(129)) yield out.take();
    }
    if (ended) break;
  }
  if (out.fill > 0) yield out.take();
}

/** pdf.js's AsciiHexStream: hex digits in pairs, other bytes skipped, `>` the end (an odd digit then 0). */
async function* asciiHex(chunks: Chunks): Chunks {
  const out = new Output();
  let first = -1;
  let ended = false;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i]!;
      let digit: number;
      if (ch >= 0x30 && ch <= 0x39) digit = ch & 0x0f;
      else if ((ch >= 0x41 && ch <= 0x46) || (ch >= 0x61 && ch <= 0x66)) digit = (ch & 0x0f) + 9;
      else if (ch === 0x3e) {
        ended = true;
        break;
      } else continue;
      if (first < 0) first = digit;
      else {
        out.buffer[out.fill++] = (first << 4) | digit;
        first = -1;
        if (!out.fits(1)) yield out.take();
      }
    }
    if (ended) break;
  }
  // pdf.js writes a lone last digit only at `>` (at the end of the data it is dropped).
  if (ended && first >= 0) out.buffer[out.fill++] = first << 4;
  if (out.fill > 0) yield out.take();
}

/** pdf.js's Ascii85Stream: groups of five (z four zeros), `~` or the end closing a short group. */
async function* ascii85(chunks: Chunks): Chunks {
  const out = new Output();
  const group = new Uint8Array(5);
  let n = 0;
  const flush = (count: number) => {
    let t = 0;
    for (let i = 0; i < 5; ++i) t = t * 85 + ((i < count ? group[i]! : 0x75) - 0x21);
    for (let i = 3; i >= 0; --i) {
      if (i < count - 1) out.buffer[out.fill + i] = t & 0xff;
      t >>= 8;
    }
    out.fill += count - 1;
  };
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a) continue;
      if (c === 0x7e) {
        if (n > 0) flush(n);
        if (out.fill > 0) yield out.take();
        return;
      }
      if (n === 0 && c === 0x7a) {
        out.buffer.fill(0, out.fill, out.fill + 4);
        out.fill += 4;
      } else {
        group[n++] = c;
        if (n < 5) continue;
        flush(5);
        n = 0;
      }
      if (!out.fits(4)) yield out.take();
    }
  }
  if (n > 0) flush(n);
  if (out.fill > 0) yield out.take();
}

// --- Predictors -------------------------------------------------------------------------------

/**
 * A predictor (/DecodeParms /Predictor, on Flate and LZW only, as pdf.js applies it) cannot be
 * ignored: pdf.js's PredictorStream writes a whole row (/Columns × /Colors × /BitsPerComponent
 * bits) for each row it starts, even a cut-off one, and asks for its buffer to grow by a row before
 * each TIFF row, so a row may be far longer than the data (/Columns 100000000: 100 MB for a stream
 * of two bytes). Its output's length depends only on its input's length (and, for PNG, on the row
 * type bytes: an unknown one ends it), so it is counted from what the filter gives it.
 */
interface RowCount {
  /** Counts a piece of the filter's output; false when the predictor ends there. */
  add(chunk: Uint8Array, tally: Tally): boolean;
  end(tally: Tally): void;
}

function numberParam(params: PdfDict, keys: string[], fallback: number): number {
  let value: PdfValue | undefined;
  for (const key of keys) {
    value = params.get(key);
    if (value !== undefined) break;
  }
  // pdf.js's `params.get(key) || fallback`: what is not a number makes its arithmetic NaN.
  if (value === undefined || value === null || value === 0 || value === false) return fallback;
  return typeof value === "number" ? value : NaN;
}

function predictorFor(params: PdfDict | null): RowCount | null | "empty" {
  if (!(params instanceof Map)) return null;
  const predictor = numberParam(params, ["Predictor"], 1);
  if (!(predictor > 1)) return null;
  if (predictor !== 2 && (predictor < 10 || predictor > 15)) return "empty";
  const colors = numberParam(params, ["Colors"], 1);
  const bits = numberParam(params, ["BPC", "BitsPerComponent"], 8);
  const columns = numberParam(params, ["Columns"], 1);
  const rowBytes = (columns * colors * bits + 7) >> 3;
  let total = 0;
  const grow = (n: number, tally: Tally) => {
    total += n;
    if (total > tally.max) tally.tooLarge = true;
    return !tally.tooLarge;
  };
  // A row of no bytes or fewer (pdf.js's getBytes(0) reads everything): no output.
  if (!(rowBytes > 0)) return { add: () => true, end: () => undefined };
  if (predictor === 2) {
    // TIFF: before each row, room for rowBytes more; a row for each rowBytes of input or part.
    let inRow = 0;
    return {
      add(chunk, tally) {
        for (let left = chunk.length; left > 0;) {
          if (inRow === 0 && !grow(rowBytes, tally)) return false;
          const n = Math.min(left, rowBytes - inRow);
          inRow = (inRow + n) % rowBytes;
          left -= n;
        }
        return true;
      },
      // The last ask, answered by no input.
      end: (tally) => void grow(rowBytes, tally),
    };
  }
  // PNG: a row type byte, then up to rowBytes bytes; a row (and rowBytes of output) for each type
  // byte followed by at least one byte; a type above 4 ends the stream after its row's room.
  let at = -1; // -1: before a type byte; then bytes of the row read
  let type = 0;
  return {
    add(chunk, tally) {
      for (let i = 0; i < chunk.length;) {
        if (at === -1) {
          type = chunk[i++]!;
          at = 0;
          continue;
        }
        if (at === 0) {
          if (!grow(rowBytes, tally) || type > 4) return false;
        }
        const n = Math.min(chunk.length - i, rowBytes - at);
        at += n;
        i += n;
        if (at === rowBytes) at = -1;
      }
      return true;
    },
    end: () => undefined,
  };
}
