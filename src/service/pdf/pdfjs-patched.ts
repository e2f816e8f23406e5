// Kept, measured need (issue 30): pdf.js's public API cannot bound what it loads; unpatched, a page with one 50 MB content stream raised the reader's peak by 105 MB (patched 1-3 MB; bound 64 MB).
// pdf.js for reading stored files with bounded memory (service only, Node only): the same pdfjs-dist
// with the changes below to its core (the "worker" module), made to its source text when it is
// loaded. pdf.js has no option for any; they concern what it fetches and decodes, and how fast it
// computes, never what it computes.
//
// 1. It never fetches the data of an image when reading text and page sizes. Before it extracts a
//    page's text, pdf.js loads every stream among the page's resources (its ObjectLoader), and to
//    read any stream's dictionary it first makes sure the whole stream is there (ChunkedStream's
//    makeSubStream). For a scan that is every page's image: megabytes read, copied and kept until the
//    document is closed, for a text layer of a few kilobytes. Text extraction only asks an image
//    XObject its /Subtype, which the dictionary says; nothing here renders.
// 2. It asks for at most REQUEST_CHUNKS chunks at a time. It asks for a stream it needs in one request,
//    which it gets as one buffer and copies into its own copy of the file: a content stream of 50 MB
//    held twice, 100 MB. In pieces, the pieces are freed as they are copied.
// 3. It inflates compressed streams (content, fonts) in this thread, as it reads them, instead of
//    through a DecompressionStream: that hands each stream to Node's zlib in the thread pool and
//    back, a round trip that cost more than the rest of a page's reading (10 ms a page), and
//    gathers the output twice over.
// 5. The text transform of each glyph (getCurrentTextTransform, called twice a glyph while it
//    extracts text) is computed into one new array instead of three: the same products and sums in
//    the same order (zero terms kept, so even NaN and -0 come out alike). Allocating and collecting
//    the arrays measured a fifth of tag detection's time on text pages.
// 6. Its copy of the file (ChunkedStream's array, as long as the file) may be lent by the caller
//    (CHUNK_BUFFER_KEY; pdf-file.ts lends one it reuses) instead of allocated anew for each opening.
//    A new array of 40 MB is memory outside V8's heap that V8 answers with collections: in the
//    reader's thread two or three young ones and every other time a full one, 60-120 ms of a
//    40 MB scan's reading whose own work is 40 ms. pdf.js reads only the chunks it has loaded
//    (its MissingDataException), so what an earlier file left in the lent array is never read;
//    pdf-file.ts clears it all the same.
// 7. A page's content stream of at least DIRECT_STREAM_BYTES that is not loaded yet is not loaded
//    into that copy: it is read from the file as it is parsed, through a window of WINDOW_BYTES
//    (pdf-file.ts lends the blocking read, DIRECT_READER_KEY). pdf.js loads a stream whole before
//    it parses any of it, and keeps it until the document is closed: a page whose single content
//    stream is 50 MB (a plan, a map) held 50 MB of the reader's memory for the one stream, the
//    largest part of reading it. The bytes parsed are the same, read in another way; only page
//    contents, which text extraction reads once from start to end (a font or an image, read in
//    other ways, is loaded as before).
// 8. It fetches the page tree's kids one at a time as it walks them, instead of starting a fetch of
//    every kid of the root at once first (Catalog.getPageDict, which opening calls for the last
//    page). The fetches end in the same objects; but for 2,000 pages 2,000 fetches at once, each a
//    missing-data exception and a request waiting behind the file's reads (pdf-file.ts reads one
//    at a time), held 20 MB of the reader's heap while opening. A request's reader is also let go
//    once it has delivered (pdf.js keeps every one until the document is closed).
//
// Each change is checked to apply exactly once: a pdfjs-dist whose source differs fails loudly
// (the pdf-reader test loads it) instead of silently reading everything again.
import { readFileSync } from "node:fs";
import { type PdfJs, keepingNativeBuiltins } from "../../pdf/find-tags";

/** The most pdf.js asks for in one request, in its chunks (4 KiB in pdf-file.ts): 1 MiB. */
const REQUEST_CHUNKS = 256;

/**
 * Change 6: a function on globalThis under Symbol.for(CHUNK_BUFFER_KEY), given a file's length,
 * answers a Uint8Array of exactly that length for pdf.js to keep its copy of the file in, or null
 * (pdf.js then allocates one).
 */
export const CHUNK_BUFFER_KEY = "sfo:chunk-buffer";

/**
 * Change 7: a function on globalThis under Symbol.for(DIRECT_READER_KEY) answers, when pdf.js
 * makes its copy of a file, a blocking read of that file, `(position, into, length) => bytes read`
 * (a short count at the end), or null: page contents are then loaded as before.
 */
export const DIRECT_READER_KEY = "sfo:direct-reader";

/** Change 7: a page's content stream at least this long is read from the file as parsed. */
export const DIRECT_STREAM_BYTES = 1024 * 1024;

/** Change 7: what such a stream reads from the file at a time. */
const WINDOW_BYTES = 64 * 1024;

/** Set (on globalThis) while pdf.js makes a page's content streams, which it does synchronously. */
const PAGE_CONTENT_KEY = "sfo:page-content";

/**
 * Change 7's stream: one of pdf.js's streams (BaseStream) over a range of the file, read a window at
 * a time. Its methods answer what a ChunkedStream's substream would for the same bytes (getBytes()
 * without a length leaves the position where it is, as there); the bytes it answers are copies,
 * since its window is overwritten.
 */
const DIRECT_STREAM = `class SfoDirectStream extends BaseStream {
  constructor(read, start, length, dict) {
    super();
    this.read = read;
    this.start = start;
    this.pos = start;
    this.end = start + length;
    this.dict = dict;
    this.window = null;
    this.windowStart = 0;
    this.windowEnd = 0;
  }
  get length() {
    return this.end - this.start;
  }
  get isEmpty() {
    return this.length === 0;
  }
  fill(pos) {
    this.window ??= new Uint8Array(Math.max(1, Math.min(${WINDOW_BYTES}, this.end - this.start)));
    const n = this.read(pos, this.window, Math.min(this.window.length, this.end - pos));
    this.windowStart = pos;
    this.windowEnd = pos + n;
  }
  getByte() {
    const pos = this.pos;
    if (pos >= this.end) {
      return -1;
    }
    if (pos < this.windowStart || pos >= this.windowEnd) {
      this.fill(pos);
      if (pos >= this.windowEnd) {
        return -1;
      }
    }
    this.pos = pos + 1;
    return this.window[pos - this.windowStart];
  }
  copy(begin, end) {
    if (end <= begin) {
      return new Uint8Array(0);
    }
    if (begin >= this.windowStart && end <= this.windowEnd) {
      return this.window.slice(begin - this.windowStart, end - this.windowStart);
    }
    const bytes = new Uint8Array(end - begin);
    let filled = 0;
    while (filled < bytes.length) {
      const n = this.read(begin + filled, bytes.subarray(filled), bytes.length - filled);
      if (n <= 0) {
        break;
      }
      filled += n;
    }
    return filled === bytes.length ? bytes : bytes.subarray(0, filled);
  }
  getBytes(length) {
    const pos = this.pos;
    if (!length) {
      return this.copy(pos, this.end);
    }
    const end = Math.min(pos + length, this.end);
    this.pos = end;
    return this.copy(pos, end);
  }
  getByteRange(begin, end) {
    return this.copy(Math.max(0, begin), Math.min(end, this.end));
  }
  reset() {
    this.pos = this.start;
  }
  moveStart() {
    this.start = this.pos;
  }
  makeSubStream(start, length, dict = null) {
    return new SfoDirectStream(this.read, start, (start + length || this.end) - start, dict);
  }
  clone() {
    return new SfoDirectStream(this.read, this.start, this.end - this.start, this.dict.clone());
  }
}
`;

interface SourcePatch {
  name: string;
  find: string;
  replace: string;
}

/** `stream` is one of pdf.js's streams; true for an image XObject, by its dictionary alone. */
const IS_IMAGE = (stream: string) => `(${stream}?.dict?.getRaw?.("Subtype")?.name === "Image")`;

const PATCHES: readonly SourcePatch[] = [
  {
    name: "makeSubStream leaves an image's data unread, and reads a large page content directly",
    find: "  makeSubStream(start, length, dict = null) {\n    if (length) {\n      if (start + length > this.progressiveDataLength) {",
    replace: `  makeSubStream(start, length, dict = null) {
    if (length >= ${DIRECT_STREAM_BYTES} && this.sfoRead && globalThis[Symbol.for("${PAGE_CONTENT_KEY}")] && start + length > this.progressiveDataLength) {
      try {
        this.ensureRange(start, start + length);
      } catch (ex) {
        if (!(ex instanceof MissingDataException)) {
          throw ex;
        }
        return new SfoDirectStream(this.sfoRead, start, length, dict);
      }
    }
    if (length && dict?.getRaw?.("Subtype")?.name !== "Image") {
      if (start + length > this.progressiveDataLength) {`,
  },
  {
    name: "ObjectLoader skips images",
    find: "      if (currentNode instanceof BaseStream) {\n        const baseStreams = currentNode.getBaseStreams();",
    replace: `      if (currentNode instanceof BaseStream && ${IS_IMAGE("currentNode")}) {\n        continue;\n      }\n      if (currentNode instanceof BaseStream) {\n        const baseStreams = currentNode.getBaseStreams();`,
  },
  {
    name: "requests of at most REQUEST_CHUNKS chunks",
    find: "      const groupedChunksToRequest = this.groupChunks(chunksToRequest);",
    replace: `      const groupedChunksToRequest = this.groupChunks(chunksToRequest).flatMap(g => {
        const pieces = [];
        for (let b = g.beginChunk; b < g.endChunk; b += ${REQUEST_CHUNKS}) {
          pieces.push({ beginChunk: b, endChunk: Math.min(g.endChunk, b + ${REQUEST_CHUNKS}) });
        }
        return pieces;
      });`,
  },
  {
    name: "Flate streams inflated in this thread",
    find: "class FlateStream extends DecodeStream {\n  #isAsync = true;",
    replace: "class FlateStream extends DecodeStream {\n  #isAsync = false;",
  },
  {
    name: "text transforms computed without intermediate arrays",
    find: `      const tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          tsm[3] *= glyphHeight * textState.fontMatrix[3];
        }
      }
      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));`,
    // Util.transform(ctm, Util.transform(textMatrix, tsm)) term by term, zero terms included (the
    // same numbers to the last bit, NaN and infinities alike), into one array instead of three.
    replace: `      const t0 = textState.fontSize * textState.textHScale, t5 = textState.textRise;
      let t3 = textState.fontSize;
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          t3 *= glyphHeight * textState.fontMatrix[3];
        }
      }
      const m = textState.textMatrix, c = textState.ctm;
      const n0 = m[0] * t0 + m[2] * 0, n1 = m[1] * t0 + m[3] * 0;
      const n2 = m[0] * 0 + m[2] * t3, n3 = m[1] * 0 + m[3] * t3;
      const n4 = m[0] * 0 + m[2] * t5 + m[4], n5 = m[1] * 0 + m[3] * t5 + m[5];
      return [c[0] * n0 + c[2] * n1, c[1] * n0 + c[3] * n1, c[0] * n2 + c[2] * n3, c[1] * n2 + c[3] * n3, c[0] * n4 + c[2] * n5 + c[4], c[1] * n4 + c[3] * n5 + c[5]];`,
  },
  {
    name: "the file's copy in a lent array",
    find: "    super(new Uint8Array(length), 0, length, null);\n    this.chunkSize = chunkSize;",
    replace: `    super(globalThis[Symbol.for("${CHUNK_BUFFER_KEY}")]?.(length) ?? new Uint8Array(length), 0, length, null);\n    this.chunkSize = chunkSize;`,
  },
  {
    name: "the stream that reads from the file directly",
    find: "class ChunkedStream extends Stream {\n",
    replace: `${DIRECT_STREAM}class ChunkedStream extends Stream {\n`,
  },
  {
    name: "the file's blocking read, asked for with the copy",
    find: "    this.numChunks = Math.ceil(length / chunkSize);\n",
    replace: `    this.numChunks = Math.ceil(length / chunkSize);\n    this.sfoRead = globalThis[Symbol.for("${DIRECT_READER_KEY}")]?.() ?? null;\n`,
  },
  {
    name: "a page's content streams made under a mark",
    find: '  get content() {\n    return this.pageDict.getArray("Contents");\n  }',
    replace: `  get content() {
    globalThis[Symbol.for("${PAGE_CONTENT_KEY}")] = true;
    try {
      return this.pageDict.getArray("Contents");
    } finally {
      globalThis[Symbol.for("${PAGE_CONTENT_KEY}")] = false;
    }
  }`,
  },
  {
    name: "the page tree's kids fetched as they are walked",
    find: `        if (currentNode === this.toplevelPagesDict && lastKid instanceof Ref && !pageDictCache.has(lastKid)) {
          pageDictCache.put(lastKid, xref.fetchAsync(lastKid));
        }
`,
    replace: "",
  },
  {
    name: "a range reader let go once read",
    find: "    const data = arrayBuffersToBytes(chunks);",
    replace:
      "    this.pdfStream._rangeReaders?.delete(rangeReader);\n    const data = arrayBuffersToBytes(chunks);",
  },
];

/** The worker module's source with the changes above; throws if one does not apply exactly once. */
export function patchWorkerSource(source: string): string {
  for (const patch of PATCHES) {
    const at = source.indexOf(patch.find);
    if (at < 0 || source.indexOf(patch.find, at + 1) >= 0) {
      throw new Error(`pdf.js change "${patch.name}" does not apply to this pdfjs-dist.`);
    }
    source = source.slice(0, at) + patch.replace + source.slice(at + patch.find.length);
  }
  return source;
}

let loading: Promise<PdfJs> | null = null;

/**
 * pdf.js with the changes above, its core in this thread. Loads the core as an ES module from a
 * data: URL, so it needs Node's own module loader: a worker thread or a plain process, not jest's
 * module registry. The thread must not also load the unchanged core (find-tags.ts's loadPdfJs).
 */
export function loadPatchedPdfJs(): Promise<PdfJs> {
  loading ??= keepingNativeBuiltins(async () => {
    const file = require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs");
    // Without its source map comment: relative to a data: URL it names nothing (and Node, with
    // source maps on, as tsx has them, fails to load the module over it).
    const source = patchWorkerSource(readFileSync(file, "utf8")).replace(
      /\n\/\/# sourceMappingURL=.*\s*$/,
      "\n",
    );
    const url = `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`;
    const worker: unknown = await import(/* webpackIgnore: true */ url);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  });
  return loading;
}
